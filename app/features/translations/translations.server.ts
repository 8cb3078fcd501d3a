import type { Readable } from "node:stream";
import { sql } from "kysely";
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db, isPostgres } from "~/lib/db/db.server";
import { countPerValue, type Bucket } from "~/lib/statistics.server";
import { dayRangeInstants } from "~/lib/day-range";
import { canUseBackOffice } from "~/lib/features";
import { newId, nowIso } from "~/lib/ids.server";
import { DEFAULT_PER_PAGE, type Page } from "~/lib/pagination";
import { containsPattern, countCapped, keysetPage } from "~/lib/pagination.server";
import { deleteFilesFor, deleteStoredFile, findStoredFile, openStoredFileStream, readStoredFile, storeFile, type StoredFile } from "~/lib/storage.server";
import { issueCertificate, listCertificatesForFiles, printableOnCertificate } from "~/features/certificates/index.server";
import { notify } from "~/core/notify.server";
import { logger } from "~/lib/logger.server";
import { isOrderOfClient, ORDER_RECORD_TYPE, orderChoicesOfClient } from "~/features/service-orders/index.server";
import { findClientById, listBackOfficeUsersWith, searchActiveClients, userColumnSql, type ClientSummary } from "~/core/identity/directory.server";
import { initialStatus, queueAutoProcess } from "./auto-process.server";
import { certificatePdfPath } from "~/features/certificates";
import { WORDS_PER_PAGE, type TranslationLanguage } from "./file-types";
import { getTranslationSettings } from "./settings.server";
import { canMoveTranslation, TRANSLATION_STATUSES, type TranslationStatus } from "./status";
import type { AssignInput, TranslationListQuery, UploadInput } from "./translations.schema";
import { checkDeskUpload, type DeskUpload } from "./upload.server";
import { countDocumentWords } from "./word-count.server";

/**
 * The translation desk (tables translation_files, translation_file_versions,
 * translation_file_status_history): the only code touching them. Desk users (owner, admins,
 * staff granted `translations`) see and handle every file; a client sees the files of its own
 * orders, and downloads the translation once it is completed. docs/decisions/012.
 */
export type Actor = { id: string; role: string; enabledFeatures?: readonly string[] };
/** `machineDraft`: the completion is auto-process's machine draft (no certificate is issued for it). */
type Context = { ip?: string | null; machineDraft?: boolean };

export const TRANSLATION_RECORD_TYPE = "translation";

export type TranslationFileListItem = {
  id: string;
  originalName: string;
  originalSize: number;
  originalType: string;
  sourceLanguage: string;
  targetLanguage: string;
  status: TranslationStatus;
  notes: string | null;
  statusNotes: string | null;
  dueDate: string | null;
  wordCount: number | null;
  clientId: string | null;
  clientName: string | null;
  orderId: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  uploadedByName: string | null;
  hasTranslation: boolean;
  /** The current translation is auto-process's machine draft (not certified, not shown to the client). */
  machineDraft: boolean;
  createdAt: string;
  completedAt: string | null;
};

export type TranslationVersion = { id: string; version: number; originalName: string; sizeBytes: number; uploadedByName: string | null; createdAt: string };
export type TranslationHistoryEntry = {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  note: string | null;
  changedByName: string | null;
  createdAt: string;
};
export type TranslationCertificateEntry = { certificateNo: string; issuedAt: string; pageCount: number };
export type TranslationFileDetail = TranslationFileListItem & {
  orderReference: string | null;
  versions: TranslationVersion[];
  history: TranslationHistoryEntry[];
  /** The file's certificates of translation accuracy, newest first (one per certified translated version). */
  certificates: TranslationCertificateEntry[];
  /** Completed with a translation whose current version has no certificate (issuing failed): the page says so and offers a retry. */
  certificateMissing: boolean;
};

export function isDeskUser(actor: Actor): boolean {
  return canUseBackOffice({ role: actor.role, enabledFeatures: actor.enabledFeatures ?? [] }, "translations");
}

function requireDesk(actor: Actor): void {
  if (!isDeskUser(actor)) throw forbidden();
}

const notFoundFile = () => notFound("translations:errors.notFound");

const filesTable = () => db().selectFrom("translationFiles as f");

function listQuery(base: ReturnType<typeof filesTable> = filesTable()) {
  return base.select([
    "f.id",
    "f.originalName",
    "f.originalSize",
    "f.originalType",
    "f.sourceLanguage",
    "f.targetLanguage",
    "f.status",
    "f.notes",
    "f.statusNotes",
    "f.dueDate",
    "f.wordCount",
    "f.clientId",
    userColumnSql("f.clientId", "fullName").as("clientName"),
    "f.orderId",
    "f.assigneeId",
    userColumnSql("f.assigneeId", "fullName").as("assigneeName"),
    userColumnSql("f.uploadedBy", "fullName").as("uploadedByName"),
    "f.translatedFileId",
    "f.machineDraft",
    "f.createdAt",
    "f.completedAt",
  ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number];

function toItem({ translatedFileId, ...row }: ListRow): TranslationFileListItem {
  return { ...row, status: row.status as TranslationStatus, hasTranslation: Boolean(translatedFileId) };
}

/** The desk's list, newest first, filtered by status, language pair (`en-ar`), client and file name. */
export async function listTranslationFiles(
  actor: Actor,
  filters: Partial<TranslationListQuery> & { timeZone?: string },
): Promise<Page<TranslationFileListItem>> {
  requireDesk(actor);
  const request = { page: filters.page ?? 1, perPage: filters.perPage ?? DEFAULT_PER_PAGE, after: filters.after, before: filters.before };
  let base = filesTable();
  if (filters.status) base = base.where("f.status", "=", filters.status);
  if (filters.timeZone && (filters.from || filters.to)) {
    const { start, end } = dayRangeInstants(filters, filters.timeZone);
    if (start) base = base.where("f.createdAt", ">=", start);
    if (end) base = base.where("f.createdAt", "<", end);
  }
  if (filters.pair) {
    const [source, target] = filters.pair.split("-");
    base = base.where("f.sourceLanguage", "=", source!).where("f.targetLanguage", "=", target!);
  }
  if (filters.client) base = base.where("f.clientId", "=", filters.client);
  const q = filters.q?.trim();
  if (q) base = base.where(sql<boolean>`lower(${sql.ref("f.originalName")}) like ${containsPattern(q)} escape '\\'`);
  const page = await keysetPage(listQuery(base), request, {
    keys: [
      { ref: "f.createdAt", value: (row) => row.createdAt },
      { ref: "f.id", value: (row) => row.id },
    ],
    direction: "desc",
    count: () => countCapped(base),
    base,
  });
  return { ...page, items: page.items.map(toItem) };
}

async function findFileRow(id: string) {
  return db().selectFrom("translationFiles").selectAll().where("id", "=", id).executeTakeFirst();
}

async function requireFile(actor: Actor, id: string) {
  requireDesk(actor);
  const row = await findFileRow(id);
  if (!row) throw notFoundFile();
  return row;
}

/** One file with its translated versions (newest first) and its status history (oldest first). */
export async function getTranslationFile(actor: Actor, id: string): Promise<TranslationFileDetail> {
  requireDesk(actor);
  const row = await listQuery()
    .select(sql<string | null>`(select so.reference from service_orders so where so.id = f.order_id)`.as("orderReference"))
    .where("f.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFoundFile();
  const { orderReference, ...rest } = row;
  const versions = await db()
    .selectFrom("translationFileVersions as v")
    .innerJoin("storedFiles as s", "s.id", "v.storedFileId")
    .select(["v.id", "v.version", "s.originalName", "s.sizeBytes", userColumnSql("v.uploadedBy", "fullName").as("uploadedByName"), "v.createdAt"])
    .where("v.fileId", "=", id)
    .orderBy("v.version", "desc")
    .limit(100)
    .execute();
  const history = await db()
    .selectFrom("translationFileStatusHistory as h")
    .select(["h.id", "h.fromStatus", "h.toStatus", "h.note", userColumnSql("h.changedBy", "fullName").as("changedByName"), "h.createdAt"])
    .where("h.fileId", "=", id)
    .orderBy("h.createdAt", "asc")
    .orderBy("h.id", "asc")
    .limit(200)
    .execute();
  const item = toItem(rest as ListRow);
  const issued = await listCertificatesForFiles([id]);
  let certificateMissing = false;
  // A machine draft is never certified: only a translation a person uploaded is.
  if (item.status === "completed" && item.hasTranslation && !item.machineDraft) {
    const current = await currentVersionHashes(id);
    certificateMissing = !current || !issued.some((c) => c.sourceSha256 === current.sourceSha256 && c.translatedSha256 === current.translatedSha256);
  }
  const certificates = issued.slice(0, 50).map(({ certificateNo, issuedAt, pageCount }) => ({ certificateNo, issuedAt, pageCount }));
  return { ...item, orderReference, versions, history, certificates, certificateMissing };
}

// ---------------------------------------------------------------------------
// Certificates of translation accuracy (the certificates area issues them; docs/decisions/013).

const CERTIFICATE_TITLE_MAX = 200;

/**
 * The title printed on a certificate: the original file's name; a name the certificate's Latin
 * face cannot print (Arabic, say) becomes "Document" and the file's short reference.
 */
export function certificateTitleFor(file: { id: string; originalName: string }): string {
  const name = file.originalName.trim().replace(/\s+/g, " ").slice(0, CERTIFICATE_TITLE_MAX).trim();
  if (name && printableOnCertificate(name)) return name;
  return `Document ${file.id.slice(0, 8).toUpperCase()}`;
}

/** Pages a certificate states: 250 words a page, at least 1; 1 when the words were not counted. */
export function certificatePageCount(wordCount: number | null): number {
  if (wordCount === null || wordCount <= 0) return 1;
  return Math.max(1, Math.ceil(wordCount / WORDS_PER_PAGE));
}

async function readBothFiles(row: { originalFileId: string; translatedFileId: string | null }) {
  if (!row.translatedFileId) return null;
  const [original, translated] = await Promise.all([readStoredFile(row.originalFileId), readStoredFile(row.translatedFileId)]);
  return original && translated ? { original: original.content, translated: translated.content } : null;
}

/** The SHA-256 of the original and of the current translation, as stored with them (nothing decrypted). */
async function currentVersionHashes(id: string) {
  const row = await findFileRow(id);
  if (!row?.translatedFileId) return null;
  const [original, translated] = await Promise.all([findStoredFile(row.originalFileId), findStoredFile(row.translatedFileId)]);
  return original && translated ? { sourceSha256: original.sha256, translatedSha256: translated.sha256 } : null;
}

/**
 * Issues (or finds: idempotent per translated version) the certificate of the file's current
 * translation. Throws the certificates area's refusal when it cannot be issued.
 */
export async function issueTranslationCertificate(actor: Actor, id: string, context: Context = {}): Promise<{ certificateNo: string }> {
  const row = await requireFile(actor, id);
  if (row.status !== "completed") throw conflict("translations:errors.certificateNeedsCompleted");
  if (row.machineDraft) throw conflict("translations:errors.machineDraftNotCertified");
  const files = await readBothFiles(row);
  if (!files) throw conflict("translations:errors.needsTranslation");
  const certificate = await issueCertificate({
    translationFileId: row.id,
    clientId: row.clientId,
    documentTitle: certificateTitleFor(row),
    sourceLanguage: row.sourceLanguage,
    targetLanguage: row.targetLanguage,
    pageCount: certificatePageCount(row.wordCount),
    sourceBytes: files.original,
    translatedBytes: files.translated,
    issuedBy: actor.id,
  });
  await audit({
    actorId: actor.id,
    action: "translation.certified",
    targetType: "translation_file",
    targetId: id,
    ip: context.ip ?? null,
    meta: { certificateNo: certificate.certificateNo },
  });
  return { certificateNo: certificate.certificateNo };
}

/**
 * After a completion or a new translated version of a completed file: the certificate, or
 * `certificateFailed` (logged; the status change stands, the page says so and offers a retry).
 */
async function certifyAfterCompletion(actor: Actor, id: string, context: Context): Promise<CertificateOutcome> {
  try {
    return { certificateNo: (await issueTranslationCertificate(actor, id, context)).certificateNo, certificateFailed: false };
  } catch (error) {
    logger.error({ err: error, translationFileId: id }, "certificate of translation accuracy could not be issued");
    return { certificateNo: null, certificateFailed: true };
  }
}

export type CertificateOutcome = { certificateNo: string | null; certificateFailed: boolean };

async function checkAssignee(assigneeId: string | undefined | null): Promise<string | null> {
  if (!assigneeId) return null;
  const people = await listBackOfficeUsersWith("translations");
  if (!people.some((person) => person.id === assigneeId)) throw invalid("translations:errors.assigneeInvalid", { field: "assigneeId" });
  return assigneeId;
}

let lastStamp = 0;
/** Strictly increasing within the process, so two changes in one millisecond keep their order in the history. */
function nextStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

async function writeHistory(fileId: string, from: string | null, to: string, note: string | null, changedBy: string | null, at = nextStamp()) {
  await db()
    .insertInto("translationFileStatusHistory")
    .values({ id: newId(), fileId, fromStatus: from, toStatus: to, note, changedBy, createdAt: at })
    .execute();
}

/** A new file on the desk: checked upload, stored encrypted, words counted when the text is at hand. */
export async function createTranslationFile(
  actor: Actor,
  input: UploadInput & { sourceDocumentId?: string },
  upload: DeskUpload,
  context: Context = {},
): Promise<{ id: string }> {
  requireDesk(actor);
  let clientId: string | null = null;
  if (input.clientId) {
    const client = await findClientById(input.clientId);
    if (!client) throw invalid("translations:errors.clientInvalid", { field: "clientId" });
    clientId = client.id;
  }
  if (input.orderId) {
    if (!clientId) throw invalid("translations:errors.orderNeedsClient", { field: "orderId" });
    if (!(await isOrderOfClient(input.orderId, clientId))) throw invalid("translations:errors.orderInvalid", { field: "orderId" });
  }
  const assigneeId = await checkAssignee(input.assigneeId);
  const settings = await getTranslationSettings();
  const id = newId();
  const stored = await storeFile(upload, { uploadedBy: actor.id, recordType: TRANSLATION_RECORD_TYPE, recordId: id });
  const wordCount = await countDocumentWords(upload.kind, upload.buffer, input.sourceLanguage);
  const now = nowIso();
  const status: TranslationStatus = initialStatus(upload.kind, settings.autoProcess);
  try {
    await db()
      .insertInto("translationFiles")
      .values({
        id,
        originalFileId: stored.id,
        sourceLanguage: input.sourceLanguage,
        targetLanguage: input.targetLanguage,
        status,
        notes: input.notes || null,
        orderId: input.orderId || null,
        clientId,
        assigneeId,
        dueDate: input.dueDate ?? null,
        uploadedBy: actor.id,
        originalName: upload.originalName,
        originalSize: upload.buffer.length,
        originalType: upload.kind,
        wordCount,
        createdAt: now,
        updatedAt: now,
        sourceDocumentId: input.sourceDocumentId ?? null,
      })
      .execute();
  } catch (error) {
    // The row was refused (a document already on the desk): its copy of the bytes goes too.
    await deleteStoredFile(stored.id);
    throw error;
  }
  await writeHistory(id, null, "pending", null, actor.id);
  // Auto-process: the file goes straight to work (decision 012), recorded as its own step.
  if (status === "processing") await writeHistory(id, "pending", "processing", "auto", null);
  await queueAutoProcess(id, upload.kind, settings.autoProcess);
  await audit({
    actorId: actor.id,
    action: "translation.uploaded",
    targetType: "translation_file",
    targetId: id,
    ip: context.ip ?? null,
    meta: { name: upload.originalName, type: upload.kind, size: upload.buffer.length },
  });
  return { id };
}

/** A desk file made from an order's document, found by the order and the document's content. */
async function findDeskFileOfDocument(orderId: string, sha256: string): Promise<string | null> {
  const row = await db()
    .selectFrom("translationFiles as f")
    .innerJoin("storedFiles as s", "s.id", "f.originalFileId")
    .select("f.id")
    .where("f.orderId", "=", orderId)
    .where("s.sha256", "=", sha256)
    .orderBy("f.createdAt")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * One of an order's documents onto the desk in one step (staff, on the order's page): its stored
 * file is copied (encrypted as every file) into a desk file linked to the order and its client, in
 * the languages given. The same document sent again (a double click, a second tab, another server
 * at the same moment) gives back the desk file it already made (`created: false`) instead of a
 * second one: the database keeps one desk file per source document.
 */
export async function sendOrderDocumentToDesk(
  actor: Actor,
  input: { orderId: string; documentId: string; sourceLanguage: TranslationLanguage; targetLanguage: TranslationLanguage },
  context: Context = {},
): Promise<{ id: string; created: boolean }> {
  requireDesk(actor);
  const order = await db().selectFrom("serviceOrders").select(["id", "reference", "clientId"]).where("id", "=", input.orderId).executeTakeFirst();
  if (!order) throw notFound("orders:errors.notFound");
  const document = await findStoredFile(input.documentId);
  if (!document || document.recordType !== ORDER_RECORD_TYPE || document.recordId !== order.id) throw notFound("orders:errors.documentNotFound");
  const existing = await findDeskFileOfDocument(order.id, document.sha256);
  if (existing) return { id: existing, created: false };
  const stored = await readStoredFile(document.id);
  if (!stored) throw notFound("orders:errors.documentNotFound");
  const bytes = stored.content;
  const file = { name: document.originalName, size: bytes.length, arrayBuffer: async () => new Uint8Array(bytes).buffer };
  const upload = await checkDeskUpload(file, await getTranslationSettings(), "documentId");
  let id: string;
  try {
    ({ id } = await createTranslationFile(
      actor,
      {
        sourceLanguage: input.sourceLanguage,
        targetLanguage: input.targetLanguage,
        clientId: order.clientId,
        orderId: order.id,
        sourceDocumentId: document.id,
      },
      upload,
      context,
    ));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Sent at the same moment elsewhere: that send's file is the one.
    const made = await db().selectFrom("translationFiles").select("id").where("sourceDocumentId", "=", document.id).executeTakeFirstOrThrow();
    return { id: made.id, created: false };
  }
  await audit({
    actorId: actor.id,
    action: "order.sent_to_desk",
    targetType: "service_order",
    targetId: order.id,
    ip: context.ip ?? null,
    meta: { reference: order.reference, document: document.originalName, translationFileId: id },
  });
  return { id, created: true };
}

/**
 * Text from elsewhere (the document extractor) as a new .txt file on the desk: the same checks
 * and path as an upload; the target language is the settings' default (their default source
 * when the text is already in that language).
 */
export async function createTranslationFileFromText(
  actor: Actor,
  input: { text: string; fileName: string; sourceLanguage: TranslationLanguage },
  context: Context = {},
): Promise<{ id: string }> {
  requireDesk(actor);
  const settings = await getTranslationSettings();
  const text = input.text.replace(/\r\n?/g, "\n");
  const bytes = new TextEncoder().encode(text);
  const base = input.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "").trim() || "document";
  const file = { name: `${base}.txt`, size: bytes.byteLength, arrayBuffer: async () => bytes.slice().buffer };
  const upload = await checkDeskUpload(text.trim() ? file : null, settings);
  const targetLanguage = settings.defaultTargetLanguage !== input.sourceLanguage ? settings.defaultTargetLanguage : settings.defaultSourceLanguage;
  return createTranslationFile(actor, { sourceLanguage: input.sourceLanguage, targetLanguage }, upload, context);
}

/**
 * The only writer of a file's status: the move must be in the machine (409 otherwise), a
 * completed file must have a translation, and a concurrent change loses (409). Kept in the
 * history and the audit trail; completion tells the uploader and the client when the settings say so.
 */
export async function changeTranslationStatus(
  actor: Actor,
  id: string,
  to: string,
  note?: string | null,
  context: Context = {},
): Promise<{ from: TranslationStatus; to: TranslationStatus } & CertificateOutcome> {
  const row = await requireFile(actor, id);
  if (!(TRANSLATION_STATUSES as readonly string[]).includes(to)) throw invalid("translations:errors.statusInvalid", { field: "status" });
  const from = row.status as TranslationStatus;
  if (!canMoveTranslation(from, to)) throw conflict("translations:errors.transitionNotAllowed", { field: "status", params: { from, to } });
  if (to === "completed" && !row.translatedFileId) throw conflict("translations:errors.needsTranslation", { field: "status" });
  const now = nowIso();
  const cleanNote = note?.trim() || null;
  const result = await db()
    .updateTable("translationFiles")
    .set({ status: to, statusNotes: cleanNote, updatedAt: now, completedAt: to === "completed" ? now : null })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict("translations:errors.changedMeanwhile");
  await writeHistory(id, from, to, cleanNote, actor.id);
  await audit({
    actorId: actor.id,
    action: "translation.status_changed",
    targetType: "translation_file",
    targetId: id,
    ip: context.ip ?? null,
    meta: { from, to, note: cleanNote },
  });
  let outcome: CertificateOutcome = { certificateNo: null, certificateFailed: false };
  // Auto-process's machine draft completes the file for the desk only: no certificate, and
  // the client is neither told nor shown it (the job tells the uploader itself).
  if (to === "completed" && !context.machineDraft && !row.machineDraft) {
    // Issued before the client is told, so their order page already shows it.
    outcome = await certifyAfterCompletion(actor, id, context);
    await tellCompleted(actor, row);
  }
  return { from, to: to as TranslationStatus, ...outcome };
}

async function tellCompleted(
  actor: Actor,
  row: { id: string; originalName: string; uploadedBy: string | null; clientId: string | null; orderId: string | null },
) {
  const settings = await getTranslationSettings();
  if (!settings.notifyOnCompletion) return;
  const params = { name: row.originalName };
  if (row.uploadedBy && row.uploadedBy !== actor.id) {
    await notify({
      userId: row.uploadedBy,
      type: "translation.completed",
      titleKey: "translations:notifications.completed.title",
      bodyKey: "translations:notifications.completed.body",
      params,
      link: `/dashboard/translations/${row.id}`,
    });
  }
  if (row.clientId && row.orderId) {
    await notify({
      userId: row.clientId,
      type: "translation.completed",
      titleKey: "translations:notifications.completed.title",
      bodyKey: "translations:notifications.completed.clientBody",
      params,
      link: `/client/service-orders/${row.orderId}`,
    });
  }
}

/**
 * A translated file: a new version (earlier ones are kept); `complete` also marks the file
 * completed. A completed file (so completed now, or still completed) gets the new version's certificate.
 */
export async function uploadTranslatedFile(
  actor: Actor,
  id: string,
  upload: DeskUpload,
  options: { complete?: boolean; machineDraft?: boolean } = {},
  context: Context = {},
): Promise<{ version: number } & CertificateOutcome> {
  const row = await requireFile(actor, id);
  if (options.complete && row.status !== "completed" && !canMoveTranslation(row.status, "completed")) {
    throw conflict("translations:errors.transitionNotAllowed", { field: "file", params: { from: row.status, to: "completed" } });
  }
  const stored = await storeFile(upload, { uploadedBy: actor.id, recordType: TRANSLATION_RECORD_TYPE, recordId: id });
  const { latest } = await db()
    .selectFrom("translationFileVersions")
    .select((eb) => eb.fn.max("version").as("latest"))
    .where("fileId", "=", id)
    .executeTakeFirstOrThrow();
  const version = Number(latest ?? 0) + 1;
  await db().insertInto("translationFileVersions").values({ id: newId(), fileId: id, version, storedFileId: stored.id, uploadedBy: actor.id }).execute();
  const machineDraft = Boolean(options.machineDraft);
  await db().updateTable("translationFiles").set({ translatedFileId: stored.id, machineDraft, updatedAt: nowIso() }).where("id", "=", id).execute();
  await audit({
    actorId: actor.id,
    action: "translation.translated_uploaded",
    targetType: "translation_file",
    targetId: id,
    ip: context.ip ?? null,
    meta: { version, name: upload.originalName },
  });
  if (options.complete && row.status !== "completed") {
    const { certificateNo, certificateFailed } = await changeTranslationStatus(actor, id, "completed", null, context);
    return { version, certificateNo, certificateFailed };
  }
  if (row.status === "completed" && !machineDraft) return { version, ...(await certifyAfterCompletion(actor, id, context)) };
  return { version, certificateNo: null, certificateFailed: false };
}

/** Assignee and due date (the file's page). */
export async function assignTranslationFile(actor: Actor, id: string, input: AssignInput): Promise<void> {
  await requireFile(actor, id);
  const assigneeId = await checkAssignee(input.assigneeId);
  await db()
    .updateTable("translationFiles")
    .set({ assigneeId, dueDate: input.dueDate ?? null, updatedAt: nowIso() })
    .where("id", "=", id)
    .execute();
}

/** Deletes the file, its versions, history and stored bytes. */
export async function deleteTranslationFile(actor: Actor, id: string, context: Context = {}): Promise<void> {
  const row = await requireFile(actor, id);
  await db().deleteFrom("translationFiles").where("id", "=", id).execute();
  await deleteFilesFor(TRANSLATION_RECORD_TYPE, id);
  await audit({
    actorId: actor.id,
    action: "translation.deleted",
    targetType: "translation_file",
    targetId: id,
    ip: context.ip ?? null,
    meta: { name: row.originalName },
  });
}

export type DownloadChoice = { kind: "original" } | { kind: "translated"; version?: number };

/**
 * A file to download, with the right checked: desk users any original or version; a client
 * only the latest translation of a completed file of its own order. Downloads are audited.
 */
export async function openTranslationDownload(
  actor: Actor,
  id: string,
  choice: DownloadChoice,
  context: Context = {},
): Promise<{ file: StoredFile; stream: Readable }> {
  const row = await findFileRow(id);
  const desk = isDeskUser(actor);
  if (!row || (!desk && (row.clientId !== actor.id || !row.orderId))) throw notFoundFile();
  let storedId: string | null;
  if (choice.kind === "original") {
    if (!desk) throw notFoundFile();
    storedId = row.originalFileId;
  } else if (choice.version !== undefined) {
    if (!desk) throw notFoundFile();
    const version = await db()
      .selectFrom("translationFileVersions")
      .select("storedFileId")
      .where("fileId", "=", id)
      .where("version", "=", choice.version)
      .executeTakeFirst();
    storedId = version?.storedFileId ?? null;
  } else {
    if (!desk && (row.status !== "completed" || row.machineDraft)) throw notFoundFile();
    storedId = row.translatedFileId;
  }
  const stored = storedId ? await openStoredFileStream(storedId) : null;
  if (!stored) throw notFoundFile();
  await audit({
    actorId: actor.id,
    action: "translation.downloaded",
    targetType: "translation_file",
    targetId: id,
    ip: context.ip ?? null,
    meta: { kind: choice.kind, version: choice.kind === "translated" ? (choice.version ?? null) : null },
  });
  return stored;
}

export type ClientTranslationFile = {
  id: string;
  originalName: string;
  sourceLanguage: string;
  targetLanguage: string;
  status: TranslationStatus;
  createdAt: string;
  completedAt: string | null;
  /** A completed translation the client may download. */
  translatedAvailable: boolean;
  /** The newest certificate of a completed file (its PDF at certificateHref). */
  certificateNo: string | null;
  certificateHref: string | null;
};

/** A desk file of an order as its page shows it; `documentSha256` ties it to the order's document it was made from. */
export type OrderTranslationFile = ClientTranslationFile & { documentSha256: string | null };

/** The files of one of the client's orders (their own only), for the client's order page. */
export async function listClientTranslationFiles(clientId: string, orderId: string): Promise<ClientTranslationFile[]> {
  return (await translationFilesOfOrder(orderId, clientId)).map(({ documentSha256: _, ...file }) => file);
}

/** Every desk file of an order, for its staff page (a desk user's). */
export async function listOrderTranslationFiles(actor: Actor, orderId: string): Promise<OrderTranslationFile[]> {
  requireDesk(actor);
  return translationFilesOfOrder(orderId, null);
}

/** An order's desk files, newest first (those of this client only when one is given), with what the client may download. */
async function translationFilesOfOrder(orderId: string, clientId: string | null): Promise<OrderTranslationFile[]> {
  let query = db()
    .selectFrom("translationFiles as f")
    .leftJoin("storedFiles as s", "s.id", "f.originalFileId")
    .select([
      "f.id",
      "f.originalName",
      "f.sourceLanguage",
      "f.targetLanguage",
      "f.status",
      "f.createdAt",
      "f.completedAt",
      "f.translatedFileId",
      "f.machineDraft",
      "s.sha256 as documentSha256",
    ])
    .where("f.orderId", "=", orderId);
  if (clientId) query = query.where("f.clientId", "=", clientId);
  const rows = await query.orderBy("f.createdAt", "desc").orderBy("f.id", "desc").limit(100).execute();
  const newest = new Map<string, string>();
  // Newest first: the first certificate met for a file is its latest translated version's.
  for (const certificate of await listCertificatesForFiles(rows.map((row) => row.id))) {
    if (!newest.has(certificate.translationFileId)) newest.set(certificate.translationFileId, certificate.certificateNo);
  }
  return rows.map(({ translatedFileId, machineDraft, ...row }) => {
    const translatedAvailable = row.status === "completed" && Boolean(translatedFileId) && !machineDraft;
    const certificateNo = translatedAvailable ? (newest.get(row.id) ?? null) : null;
    return {
      ...row,
      status: row.status as TranslationStatus,
      translatedAvailable,
      certificateNo,
      certificateHref: certificateNo ? certificatePdfPath(certificateNo) : null,
    };
  });
}

// ---------------------------------------------------------------------------
// What the Upload tab and the file page offer.

export async function listDeskAssignees(actor: Actor) {
  requireDesk(actor);
  return listBackOfficeUsersWith("translations");
}

export async function searchDeskClients(actor: Actor, q: string | undefined): Promise<ClientSummary[]> {
  requireDesk(actor);
  return searchActiveClients(q);
}

export async function findDeskClient(actor: Actor, id: string): Promise<ClientSummary | null> {
  requireDesk(actor);
  const client = await findClientById(id);
  return client ? { id: client.id, fullName: client.fullName, email: client.email } : null;
}

/** A client's orders to link a file to (anyone at the desk may link one). */
export async function listDeskClientOrders(actor: Actor, clientId: string, language: string) {
  requireDesk(actor);
  return orderChoicesOfClient(clientId, language);
}

// ---------------------------------------------------------------------------
// Statistics: SQL aggregates only.

export type TranslationStatistics = {
  total: number;
  byStatus: Array<{ status: TranslationStatus; count: number }>;
  byPair: Array<{ pair: string; count: number }>;
  perMonth: Array<{ month: string; count: number }>;
  words: number;
  pages: number;
  countedFiles: number;
  averageTurnaroundHours: number | null;
  completedWithDueDate: number;
  completedOnTime: number;
};

export async function translationStatistics(actor: Actor, now = new Date()): Promise<TranslationStatistics> {
  requireDesk(actor);
  const pg = isPostgres();
  const byStatusRows = await db()
    .selectFrom("translationFiles")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const byStatus = TRANSLATION_STATUSES.map((status) => ({ status, count: Number(byStatusRows.find((row) => row.status === status)?.count ?? 0) }));
  const byPairRows = await db()
    .selectFrom("translationFiles")
    .select(["sourceLanguage", "targetLanguage", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy(["sourceLanguage", "targetLanguage"])
    .orderBy(sql`count(*)`, "desc")
    .limit(50)
    .execute();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString();
  const monthExpr = pg ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM')` : sql<string>`substr(created_at, 1, 7)`;
  const monthRows = await db()
    .selectFrom("translationFiles")
    .select([monthExpr.as("month"), (eb) => eb.fn.countAll<number>().as("count")])
    .where("createdAt", ">=", since)
    .groupBy(monthExpr)
    .execute();
  const months: Array<{ month: string; count: number }> = [];
  for (let offset = 11; offset >= 0; offset--) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, 1)).toISOString().slice(0, 7);
    months.push({ month, count: Number(monthRows.find((row) => row.month === month)?.count ?? 0) });
  }
  const hours = pg
    ? sql<number>`avg(extract(epoch from (completed_at - created_at)) / 3600.0)`
    : sql<number>`avg((julianday(completed_at) - julianday(created_at)) * 24.0)`;
  const completedDay = pg ? sql<string>`to_char(completed_at at time zone 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(completed_at, 1, 10)`;
  const totals = await db()
    .selectFrom("translationFiles")
    .select([
      (eb) => eb.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(word_count), 0)`.as("words"),
      sql<number>`coalesce(sum((word_count + ${sql.lit(WORDS_PER_PAGE - 1)}) / ${sql.lit(WORDS_PER_PAGE)}), 0)`.as("pages"),
      sql<number>`count(word_count)`.as("countedFiles"),
      sql<number | null>`(select ${hours} from translation_files where status = 'completed' and completed_at is not null)`.as("turnaround"),
      sql<number>`(select count(*) from translation_files where status = 'completed' and completed_at is not null and due_date is not null)`.as("withDue"),
      sql<number>`(select count(*) from translation_files where status = 'completed' and completed_at is not null and due_date is not null and ${completedDay} <= due_date)`.as(
        "onTime",
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(totals.total),
    byStatus,
    byPair: byPairRows.map((row) => ({ pair: `${row.sourceLanguage}-${row.targetLanguage}`, count: Number(row.count) })),
    perMonth: months,
    words: Number(totals.words),
    pages: Number(totals.pages),
    countedFiles: Number(totals.countedFiles),
    averageTurnaroundHours: totals.turnaround === null || totals.turnaround === undefined ? null : Math.round(Number(totals.turnaround) * 10) / 10,
    completedWithDueDate: Number(totals.withDue),
    completedOnTime: Number(totals.onTime),
  };
}

/** Dashboard statistics: translation files received in [start, end), one count per status over translation_files_status_list_idx. */
export function countTranslationFilesByStatus(range: Bucket): Promise<Record<TranslationStatus, number>> {
  const received = db().selectFrom("translationFiles").where("createdAt", ">=", range.start).where("createdAt", "<", range.end);
  return countPerValue(received, "status", TRANSLATION_STATUSES);
}
