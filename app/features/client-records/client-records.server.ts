import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { strToU8, Zip, ZipDeflate } from "fflate";
import { revokeAccountLinks } from "~/core/identity/account-links.server";
import { sendInvitationAgain } from "~/features/auth/index.server";
import { hashPassword } from "~/core/identity/password.server";
import { deleteAppointmentsOfClient, listAppointmentRecordsOfClient } from "~/features/appointments/index.server";
import { countMessageFilesToDelete, deleteMessagesOfClient, listMessageRecordsOfClient, MESSAGE_RECORD_TYPE } from "~/features/messages/index.server";
import { deleteAllNotifications } from "~/features/notifications/index.server";
import { deleteReportsOfClient, listReportRecordsOfClient, REPORT_RECORD_TYPE } from "~/features/reports/index.server";
import { countOwnRequestFiles, deleteRequestsOfClient, listRequestRecordsOfClient, REQUEST_RECORD_TYPE } from "~/features/requests/index.server";
import { deleteOrdersOfClient, listOrderRecordsOfClient, ORDER_RECORD_TYPE } from "~/features/service-orders/index.server";
import { AppError } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { isBackOfficeRole } from "~/lib/features";
import { nowIso } from "~/lib/ids.server";
import { deleteUserSessions } from "~/lib/session.server";
import { listFilesFor, openStoredFileStream, type StoredFile } from "~/lib/storage.server";
import {
  anonymiseUser,
  AVATAR_RECORD_TYPE,
  checkMayDelete,
  deleteManagedUser,
  deleteUserRow,
  getContactDetails,
  getManagedUser,
  type Actor,
  type ManagedUser,
  type Scope,
} from "~/features/users/index.server";

type ZipEntry = { path: string; fileId: string };

/**
 * The export's ZIP as it is made: each stored file decrypted as it streams from the store into the archive, then
 * `client.json`, so a client with gigabytes of documents never has them in memory (the archive waits while the
 * download is slower than the store). Stored files are mostly compressed already (PDF, JPEG): level 1 keeps it quick.
 * A file that is gone is left out; a store that fails midway cuts the download, which the browser sees as failed.
 */
function zipStream(entries: ZipEntry[], clientJson: Uint8Array): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const write = async (path: string, source: AsyncIterable<Uint8Array> | Uint8Array) => {
    const entry = new ZipDeflate(path, { level: 1 });
    zip.add(entry);
    if (source instanceof Uint8Array) return entry.push(source, true);
    for await (const chunk of source) {
      entry.push(chunk);
      if (out.writableNeedDrain) await once(out, "drain");
    }
    entry.push(new Uint8Array(0), true);
  };
  (async () => {
    for (const { path, fileId } of entries) {
      const stored = await openStoredFileStream(fileId);
      if (stored) await write(path, stored.stream);
    }
    await write("client.json", clientJson);
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * A client's records as a whole (docs/decisions/011): the data export (JSON and their
 * files in one ZIP) and the deletion that keeps, anonymised, what the firm must keep and
 * deletes the rest. Staff only: the doors check `requireAdmin`, the users area's rules
 * decide who may delete whom.
 */

/** The tax-return service: IRC §6107(b) has a preparer keep a copy (or list) of returns for 3 years. */
export const TAX_RETURN_SERVICE = "tax_efiling";
export const RETURN_RETENTION_YEARS = 3;

function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

export type KeptOrder = { id: string; reference: string; keepUntil: string };

/** What deleting a client keeps (anonymised) and what it deletes; shown before the confirmation and after. */
export type RetentionPlan = {
  kept: { orders: KeptOrder[]; reports: number; documents: number };
  deleted: { orders: number; appointments: number; reports: number; documents: number };
};

type DetailedPlan = RetentionPlan & { deleteOrderIds: string[]; deleteReportIds: string[] };

async function planFor(clientId: string, now = new Date()): Promise<DetailedPlan> {
  const [orders, reports, appointments] = await Promise.all([
    listOrderRecordsOfClient(clientId),
    listReportRecordsOfClient(clientId),
    listAppointmentRecordsOfClient(clientId),
  ]);
  const keptOrders: KeptOrder[] = [];
  const deleteOrderIds: string[] = [];
  let keptDocuments = 0;
  let deletedDocuments = 0;
  for (const order of orders) {
    const keepUntil = addYears(order.updatedAt, RETURN_RETENTION_YEARS);
    if (order.serviceKey === TAX_RETURN_SERVICE && keepUntil > now.toISOString()) {
      keptOrders.push({ id: order.id, reference: order.reference, keepUntil });
      keptDocuments += order.files.length;
    } else {
      deleteOrderIds.push(order.id);
      deletedDocuments += order.files.length;
    }
  }
  const keptIds = new Set(keptOrders.map((order) => order.id));
  const deleteReportIds: string[] = [];
  let keptReports = 0;
  for (const report of reports) {
    if (report.orderId && keptIds.has(report.orderId)) {
      keptReports += 1;
      keptDocuments += report.files.length;
    } else {
      deleteReportIds.push(report.id);
      deletedDocuments += report.files.length;
    }
  }
  deletedDocuments +=
    (await listFilesFor(AVATAR_RECORD_TYPE, clientId)).length +
    (await countOwnRequestFiles(clientId)) +
    (await countMessageFilesToDelete(
      clientId,
      keptOrders.map((order) => order.id),
    ));
  return {
    kept: { orders: keptOrders, reports: keptReports, documents: keptDocuments },
    deleted: { orders: deleteOrderIds.length, appointments: appointments.length, reports: deleteReportIds.length, documents: deletedDocuments },
    deleteOrderIds,
    deleteReportIds,
  };
}

function publicPlan(plan: DetailedPlan): RetentionPlan {
  return { kept: plan.kept, deleted: plan.deleted };
}

/** What deleting this client would keep and delete (the detail page says it before the confirmation). */
export async function retentionPlan(clientId: string): Promise<RetentionPlan> {
  return publicPlan(await planFor(clientId));
}

/** What is still kept of an anonymised client (the detail page says it after the deletion). */
export async function keptRecords(clientId: string): Promise<RetentionPlan["kept"]> {
  return (await planFor(clientId)).kept;
}

/**
 * Deletes a client: signs them out everywhere (sessions, API tokens, sockets, e-mail
 * links), deletes their notifications, appointments, message threads, request lists, orders and reports the
 * firm need not keep (with their documents), and then either anonymises the account row (when tax-return
 * records must be kept) or deletes it. Answers what was kept and deleted.
 */
export async function deleteClient(actor: Actor, clientId: string, context: { ip?: string } = {}): Promise<RetentionPlan & { anonymised: boolean }> {
  await checkMayDelete(actor, "clients", clientId, context);
  const plan = await planFor(clientId);
  await deleteUserSessions(clientId);
  await revokeAccountLinks(clientId);
  await deleteAllNotifications(clientId);
  await deleteAppointmentsOfClient(clientId);
  // Before the orders (and the account row, whose deletion would leave the threads' files behind): a thread on an order the firm keeps stays with it.
  await deleteMessagesOfClient(
    clientId,
    plan.kept.orders.map((order) => order.id),
  );
  // Before the orders: a list on an order the firm keeps stays with it.
  await deleteRequestsOfClient(
    clientId,
    plan.kept.orders.map((order) => order.id),
  );
  await deleteReportsOfClient(clientId, plan.deleteReportIds);
  await deleteOrdersOfClient(clientId, plan.deleteOrderIds);
  const anonymised = plan.kept.orders.length > 0;
  if (anonymised) await anonymiseUser(clientId, await hashPassword(randomBytes(32).toString("base64url")));
  else await deleteUserRow(clientId);
  const summary = publicPlan(plan);
  // No name or address in the entry: the person is gone; the id ties it to the kept records.
  await audit({
    actorId: actor.id,
    action: "client.deleted",
    targetType: "user",
    targetId: clientId,
    ip: context.ip ?? null,
    meta: { anonymised, kept: { ...summary.kept, orders: summary.kept.orders.map((order) => order.reference) }, deleted: summary.deleted },
  });
  return { ...summary, anonymised };
}

/** The one deletion door for pages and API: a client's keeps what must be kept; a staff account goes outright. */
export async function deleteAccount(
  actor: Actor,
  scope: Scope,
  id: string,
  context: { ip?: string } = {},
): Promise<{ anonymised: boolean; plan: RetentionPlan | null }> {
  const target = await getManagedUser(scope, id);
  if (isBackOfficeRole(target.role)) {
    await deleteManagedUser(actor, scope, id, context);
    return { anonymised: false, plan: null };
  }
  const result = await deleteClient(actor, id, context);
  return { anonymised: result.anonymised, plan: { kept: result.kept, deleted: result.deleted } };
}

/** A new invitation link (set-password, in the client's language) for a client who has not signed in yet. */
export async function inviteAgain(actor: Actor, clientId: string, context: { ip?: string } = {}): Promise<ManagedUser> {
  const client = await getManagedUser("clients", clientId);
  if (client.disabled || client.lastLoginAt) throw new AppError(409, "users:errors.inviteUsed");
  await sendInvitationAgain(client);
  await audit({ actorId: actor.id, action: "user.invited", targetType: "user", targetId: clientId, ip: context.ip ?? null });
  return client;
}

// ---------------------------------------------------------------------------
// Export

type FileEntry = { id: string; name: string; mimeType: string; sizeBytes: number; uploadedAt: string; path: string };

/** A name for the ZIP entry: no folders, no control characters, unique by the file id. */
function entryName(file: StoredFile): string {
  const name = [...file.originalName]
    .map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === "/" || char === "\\" ? "_" : char))
    .join("");
  return `${file.id.slice(0, 8)}-${name}`;
}

function folderName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, "_");
}

/**
 * One client's data as a ZIP: `client.json` (account, orders with their history,
 * appointments, reports with feedback, request lists with their answers, message threads without internal notes, and a list of the files) and the files themselves
 * under `files/`, decrypted. Written to the audit log as `client.exported`.
 */
export async function exportClientData(actor: Actor, clientId: string, context: { ip?: string } = {}): Promise<{ fileName: string; zip: Readable }> {
  const client: ManagedUser = await getManagedUser("clients", clientId);
  const [contact, orders, appointments, reports, requests, threads, avatars] = await Promise.all([
    getContactDetails(clientId),
    listOrderRecordsOfClient(clientId),
    listAppointmentRecordsOfClient(clientId),
    listReportRecordsOfClient(clientId),
    listRequestRecordsOfClient(clientId),
    listMessageRecordsOfClient(clientId),
    listFilesFor(AVATAR_RECORD_TYPE, clientId),
  ]);
  const entries: ZipEntry[] = [];
  let bytes = 0;
  async function add(folder: string, files: StoredFile[]): Promise<FileEntry[]> {
    const listed: FileEntry[] = [];
    for (const file of files) {
      const path = `files/${folder}/${entryName(file)}`;
      entries.push({ path, fileId: file.id });
      bytes += file.sizeBytes;
      listed.push({ id: file.id, name: file.originalName, mimeType: file.mimeType, sizeBytes: file.sizeBytes, uploadedAt: file.createdAt, path });
    }
    return listed;
  }
  const data = {
    exportedAt: nowIso(),
    client: {
      id: client.id,
      fullName: client.fullName,
      email: client.email,
      phone: contact.phone,
      postalAddress: contact.postalAddress,
      role: client.role,
      locale: client.locale,
      enabledFeatures: client.enabledFeatures,
      emailVerified: client.emailVerified,
      disabled: client.disabled,
      anonymisedAt: client.anonymisedAt,
      createdAt: client.createdAt,
      lastLoginAt: client.lastLoginAt,
      avatar: await add("avatar", avatars),
    },
    serviceOrders: [] as unknown[],
    appointments: appointments.map(({ id, reference, serviceKey, startsAt, endsAt, status, notes, createdAt, history }) => ({
      id,
      reference,
      service: serviceKey,
      startsAt,
      endsAt,
      status,
      notes,
      createdAt,
      history,
    })),
    reports: [] as unknown[],
    requests: [] as unknown[],
    messageThreads: [] as unknown[],
  };
  for (const { files, serviceKey, ...order } of orders) {
    data.serviceOrders.push({ ...order, service: serviceKey, documents: await add(`${ORDER_RECORD_TYPE}/${folderName(order.reference)}`, files) });
  }
  for (const { files, ...report } of reports) data.reports.push({ ...report, files: await add(`${REPORT_RECORD_TYPE}/${folderName(report.id)}`, files) });
  for (const { list, ownFiles } of requests) {
    const { id, title, message, dueDate, status, serviceOrderId, orderReference, createdAt, submittedAt, completedAt, cancelledAt, cancelReason, items } = list;
    data.requests.push({
      id,
      title,
      message,
      dueDate,
      status,
      serviceOrderId,
      orderReference,
      createdAt,
      submittedAt,
      completedAt,
      cancelledAt,
      cancelReason,
      items: items.map(({ label, hint, kind, answerType, required, state, answer, notApplicableReason, staffNote, files }) => ({
        label,
        hint,
        kind,
        answerType,
        required,
        state,
        answer,
        notApplicableReason,
        staffNote,
        files: files.map((file) => file.id),
      })),
      documents: await add(`${REQUEST_RECORD_TYPE}/${folderName(list.id)}`, ownFiles),
    });
  }
  // What the client may see of their conversations: public messages only, never an internal note.
  for (const { thread, messages } of threads) {
    const listed = [];
    for (const { files, ...message } of messages) listed.push({ ...message, files: await add(`${MESSAGE_RECORD_TYPE}/${folderName(thread.id)}`, files) });
    data.messageThreads.push({ ...thread, messages: listed });
  }
  const zip = zipStream(entries, strToU8(JSON.stringify(data, null, 2)));
  await audit({
    actorId: actor.id,
    action: "client.exported",
    targetType: "user",
    targetId: clientId,
    ip: context.ip ?? null,
    meta: { files: entries.length, bytes },
  });
  return { fileName: `client-${clientId.slice(0, 8)}-${data.exportedAt.slice(0, 10)}.zip`, zip };
}
