import { AppError, forbidden, isAppError, isUniqueViolation, notFound, rateLimited } from "~/lib/app-error";
import { toJson } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { canUseBackOffice } from "~/lib/features";
import { newId } from "~/lib/ids.server";
import { defineJob, scheduleEvery, type JobContext } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { consume } from "~/lib/rate-limit.server";
import { deleteFilesFor, deleteStoredFile, readStoredFile, storeFile, type AllowedType } from "~/lib/storage.server";
import { detectDocument, extractText, type DocumentKind, type ExtractProgress, type ExtractResult } from "./extract.server";
import { EXTRACT_MAX_BYTES, EXTRACT_MAX_MB, EXTRACT_TIME_LIMIT_MS, OCR_LANGUAGES, type OcrLanguage } from "./limits";

/**
 * The document extractor's runs (docs/decisions/023). An upload is stored (encrypted, like any
 * file), a row of extraction_runs says how far its run is, and a job of the queue
 * (`extractor.run`, in a lane of its own) reads it; so any instance answers the page's polls
 * and serves the text. The page follows the run (a poll with JavaScript, a refreshing page
 * without) and shows the text when it is done.
 *
 * The upload is deleted when the run ends; the text (a stored file too) and the row are deleted
 * 30 minutes later by a recurring purge. Each person has one run at a time (queued or working),
 * the cluster at most MAX_ACTIVE (both counted in the database).
 */
const KEEP_MS = 30 * 60 * 1000;
const MAX_ACTIVE = 8;
/** Progress goes to the row at most this often (the page polls once a second). */
const PROGRESS_EVERY_MS = 1000;
/** The job's lease: a document's time limit and room to store its text. */
const LEASE_SECONDS = EXTRACT_TIME_LIMIT_MS / 1000 + 300;
/**
 * A working run whose row has not moved for this long lost its worker for good (the queue gave up
 * on its job); a queued one waited far longer than the cluster's runs could take.
 */
const LOST_WORKING_MS = 2 * LEASE_SECONDS * 1000;
const LOST_QUEUED_MS = 2 * 60 * 60 * 1000;
/** The stored files of a run (its upload, then its text): record type `extraction`, record id the run's. */
export const EXTRACTION_RECORD_TYPE = "extraction";
/** The job that reads a run: the composition root gives it a worker lane of its own. */
export const EXTRACTION_JOB = "extractor.run";
const PURGE_JOB = "extractor.purge";

export type ExtractionStatus = "queued" | "working" | "done" | "failed";

/** What the page and the poll see of a run (the text only once it is done, and only when asked for). */
export type ExtractionView = {
  id: string;
  fileName: string;
  status: ExtractionStatus;
  done: number;
  total: number;
  page: number | null;
  method: "text" | "ocr" | null;
  error: { key: string; params: Record<string, string | number> } | null;
  result: ExtractResult | null;
};

type Actor = { id: string; role: string; enabledFeatures: readonly string[] };

const ACTIVE: ExtractionStatus[] = ["queued", "working"];

function assertMayExtract(user: Actor): void {
  if (!canUseBackOffice(user, "document_extractor")) throw forbidden();
}

export type ExtractionInput = {
  bytes: Uint8Array;
  fileName: string;
  languages: OcrLanguage[];
  /** Set when the upload went over EXTRACT_MAX_BYTES (the bytes were drained, not kept). */
  tooLarge?: boolean;
};

const busy = () => new AppError(409, "extractor:errors.busy", { field: "file" });

/** The storage module's type of what the extractor recognised (the file is stored as what it is). */
function storedType(detected: NonNullable<Awaited<ReturnType<typeof detectDocument>>>): AllowedType {
  if (detected.kind === "pdf") return { ext: "pdf", mime: "application/pdf" };
  if (detected.kind === "docx") return { ext: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" };
  if (detected.kind === "txt") return { ext: "txt", mime: "text/plain" };
  return { ext: detected.format, mime: { png: "image/png", jpg: "image/jpeg", tif: "image/tiff" }[detected.format] };
}

/**
 * Checks an upload (size, emptiness, type by content), stores it and queues its run;
 * answers the run's id at once. Refusals name the form's `file` field.
 */
export async function startExtraction(user: Actor, input: ExtractionInput): Promise<{ id: string }> {
  assertMayExtract(user);
  if (input.tooLarge || input.bytes.byteLength > EXTRACT_MAX_BYTES)
    throw new AppError(413, "extractor:errors.tooLarge", { field: "file", params: { max: EXTRACT_MAX_MB } });
  if (input.bytes.byteLength === 0) throw new AppError(400, "extractor:errors.empty", { field: "file" });
  const detected = await detectDocument(input.bytes);
  if (!detected) throw new AppError(415, "extractor:errors.unsupportedType", { field: "file" });
  const active = await db()
    .selectFrom("extractionRuns")
    .select(["ownerId"])
    .where("status", "in", ACTIVE)
    .limit(MAX_ACTIVE + 1)
    .execute();
  if (active.some((run) => run.ownerId === user.id)) throw busy();
  if (active.length >= MAX_ACTIVE) throw new AppError(503, "extractor:errors.serverBusy", { field: "file", headers: { "Retry-After": "60" } });
  const limit = await consume("upload:user", user.id);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);

  const id = newId();
  try {
    // The row first: the unique index on a person's active run refuses a second upload made at the same moment elsewhere.
    await db()
      .insertInto("extractionRuns")
      .values({ id, ownerId: user.id, status: "queued", fileName: input.fileName, kind: detected.kind, languages: toJson(input.languages) })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw busy();
    throw error;
  }
  try {
    const stored = await storeFile(
      { buffer: Buffer.from(input.bytes), originalName: input.fileName, type: storedType(detected) },
      { uploadedBy: user.id, recordType: EXTRACTION_RECORD_TYPE, recordId: id },
    );
    await db().updateTable("extractionRuns").set({ inputFileId: stored.id }).where("id", "=", id).execute();
    await extractionJob.enqueue({ runId: id });
  } catch (error) {
    // The store did not take the upload (a refusal the form shows): no run is left behind.
    await deleteFilesFor(EXTRACTION_RECORD_TYPE, id);
    await db().deleteFrom("extractionRuns").where("id", "=", id).execute();
    throw error;
  }
  return { id };
}

const RUN_COLUMNS = [
  "id",
  "ownerId",
  "status",
  "fileName",
  "pagesDone",
  "pagesTotal",
  "page",
  "method",
  "kind",
  "ocrPages",
  "language",
  "languages",
  "inputFileId",
  "textFileId",
  "errorKey",
  "errorParams",
  "updatedAt",
] as const;

async function loadRun(id: string) {
  return db().selectFrom("extractionRuns").select(RUN_COLUMNS).where("id", "=", id).executeTakeFirst();
}
type RunRow = NonNullable<Awaited<ReturnType<typeof loadRun>>>;

/** The run's end: the row says how, and keeps it 30 minutes; the upload is deleted. */
async function finishRun(
  run: RunRow,
  outcome:
    { status: "done"; result: Omit<ExtractResult, "text">; textFileId: string } | { status: "failed"; key: string; params: Record<string, string | number> },
  now = new Date(),
): Promise<void> {
  const ended = {
    finishedAt: now.toISOString(),
    updatedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + KEEP_MS).toISOString(),
    inputFileId: null,
  };
  await db()
    .updateTable("extractionRuns")
    .set(
      outcome.status === "done"
        ? {
            ...ended,
            status: "done",
            textFileId: outcome.textFileId,
            kind: outcome.result.kind,
            pagesDone: outcome.result.pages,
            pagesTotal: outcome.result.pages,
            ocrPages: outcome.result.ocrPages,
            language: outcome.result.language,
          }
        : { ...ended, status: "failed", errorKey: outcome.key, errorParams: toJson(outcome.params) },
    )
    .where("id", "=", run.id)
    .execute();
  if (run.inputFileId) await deleteStoredFile(run.inputFileId);
}

/**
 * The job: reads a run's upload and stores its text. Safe to run again from the start (a worker
 * that stopped hands its job to another): a run already ended is left as it is, and a run taken
 * over starts its pages again.
 */
async function runExtraction(runId: string, { job, heartbeat, signal }: JobContext): Promise<void> {
  const run = await loadRun(runId);
  if (!run || (run.status !== "queued" && run.status !== "working")) return;
  const started = Date.now();
  await db()
    .updateTable("extractionRuns")
    .set({ status: "working", pagesDone: 0, pagesTotal: 0, page: null, method: null, updatedAt: new Date().toISOString() })
    .where("id", "=", run.id)
    .execute();

  let written = 0;
  let beaten = Date.now();
  let pending: Promise<unknown> = Promise.resolve();
  const onProgress = (progress: ExtractProgress) => {
    const now = Date.now();
    // The row moves at most once a second (the last page is written with the result); the lease, once a minute.
    if (now - written >= PROGRESS_EVERY_MS && progress.done < progress.total) {
      written = now;
      pending = pending
        .then(() =>
          db()
            .updateTable("extractionRuns")
            .set({ pagesDone: progress.done, pagesTotal: progress.total, page: progress.page, method: progress.method, updatedAt: new Date(now).toISOString() })
            .where("id", "=", run.id)
            .where("status", "=", "working")
            .execute(),
        )
        .catch((error: unknown) => logger.warn({ err: error, extraction: run.id }, "extraction progress not written"));
    }
    if (now - beaten >= 60_000) {
      beaten = now;
      heartbeat().catch((error: unknown) => logger.warn({ err: error, extraction: run.id }, "extraction could not extend its lease"));
    }
  };

  try {
    const input = run.inputFileId ? await readStoredFile(run.inputFileId) : null;
    if (!input) logger.error({ extraction: run.id }, "extraction's upload is gone");
    let outcome: Parameters<typeof finishRun>[1] = { status: "failed", key: "extractor:errors.failed", params: {} };
    let extracted: ExtractResult | null = null;
    try {
      const languages = run.languages.filter((language): language is OcrLanguage => (OCR_LANGUAGES as readonly string[]).includes(language));
      // extractText adds the document's time limit (EXTRACT_TIME_LIMIT_MS) to the worker's stop signal.
      if (input) extracted = await extractText(new Uint8Array(input.content), { languages, onProgress, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      // A refusal of the document (its own message), or a failure of the reader (the general one): not tried again.
      if (isAppError(error)) outcome = { status: "failed", key: error.key, params: error.params };
      else logger.error({ err: error, extraction: run.id }, "document extraction failed");
    }
    if (extracted) {
      const { text, ...result } = extracted;
      // A store that fails here throws: the job is tried again.
      const stored = await storeFile(
        { buffer: Buffer.from(text, "utf8"), originalName: textFileName(run.fileName), type: { ext: "txt", mime: "text/plain" } },
        { uploadedBy: run.ownerId, recordType: EXTRACTION_RECORD_TYPE, recordId: run.id },
      );
      outcome = { status: "done", result, textFileId: stored.id };
      logger.info({ extraction: run.id, kind: result.kind, pages: result.pages, ocrPages: result.ocrPages, ms: Date.now() - started }, "document extracted");
    }
    await pending;
    await finishRun(run, outcome);
  } catch (error) {
    await pending;
    if (signal.aborted) {
      // The instance is shutting down: the run waits for another worker, and starts again there.
      await db().updateTable("extractionRuns").set({ status: "queued", updatedAt: new Date().toISOString() }).where("id", "=", run.id).execute();
    } else if (job.attempts >= job.maxAttempts) {
      await finishRun(run, { status: "failed", key: "extractor:errors.failed", params: {} });
    }
    throw error;
  }
}

const extractionJob = defineJob<{ runId: string }>(EXTRACTION_JOB, (payload, context) => runExtraction(payload.runId, context), {
  maxAttempts: 3,
  leaseSeconds: LEASE_SECONDS,
});

/**
 * Forgets ended runs 30 minutes after their end (the row and the text), and the files of runs whose
 * row went with its owner's account; ends the runs whose job was lost (their worker died too
 * often): they would hold their owner's one run forever.
 */
export async function purgeExtractionRuns(now = new Date()): Promise<{ purged: number; lost: number }> {
  const lost = await db()
    .selectFrom("extractionRuns")
    .select(RUN_COLUMNS)
    .where((w) =>
      w.or([
        w.and([w("status", "=", "working"), w("updatedAt", "<", new Date(now.getTime() - LOST_WORKING_MS).toISOString())]),
        w.and([w("status", "=", "queued"), w("updatedAt", "<", new Date(now.getTime() - LOST_QUEUED_MS).toISOString())]),
      ]),
    )
    .limit(200)
    .execute();
  for (const run of lost) {
    logger.warn({ extraction: run.id, status: run.status }, "extraction lost its worker; ended");
    await finishRun(run, { status: "failed", key: "extractor:errors.stopped", params: {} }, now);
  }
  const expired = await db().selectFrom("extractionRuns").select("id").where("expiresAt", "<=", now.toISOString()).limit(500).execute();
  for (const { id } of expired) {
    await deleteFilesFor(EXTRACTION_RECORD_TYPE, id);
    await db().deleteFrom("extractionRuns").where("id", "=", id).execute();
  }
  // A deleted account takes its runs along (the rows cascade); their files go here.
  const orphans = await db()
    .selectFrom("storedFiles")
    .select("recordId")
    .distinct()
    .where("recordType", "=", EXTRACTION_RECORD_TYPE)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("extractionRuns").select("extractionRuns.id").whereRef("extractionRuns.id", "=", "storedFiles.recordId"))),
    )
    .limit(500)
    .execute();
  for (const { recordId } of orphans) if (recordId) await deleteFilesFor(EXTRACTION_RECORD_TYPE, recordId);
  return { purged: expired.length + orphans.length, lost: lost.length };
}

const purgeJob = defineJob(PURGE_JOB, async () => {
  const { purged, lost } = await purgeExtractionRuns();
  if (purged || lost) logger.info({ purged, lost }, "extraction runs purged");
});
scheduleEvery({ name: purgeJob.name, minutes: 5 });

/**
 * A run of the caller's (anyone else's, an unknown one or a forgotten one is the same 404);
 * with `withText`, a done run's text is read from storage.
 */
export async function getExtraction(user: Actor, id: string, options: { withText?: boolean; now?: Date } = {}): Promise<ExtractionView> {
  assertMayExtract(user);
  const now = (options.now ?? new Date()).toISOString();
  const run = await db()
    .selectFrom("extractionRuns")
    .select([...RUN_COLUMNS, "expiresAt"])
    .where("id", "=", id)
    .where("ownerId", "=", user.id)
    .where((w) => w.or([w("expiresAt", "is", null), w("expiresAt", ">", now)]))
    .executeTakeFirst();
  if (!run) throw notFound("extractor:errors.notFound");
  let result: ExtractResult | null = null;
  if ((options.withText ?? true) && run.status === "done") {
    const stored = run.textFileId ? await readStoredFile(run.textFileId) : null;
    if (!stored) throw notFound("extractor:errors.notFound");
    result = {
      text: stored.content.toString("utf8"),
      kind: run.kind as DocumentKind,
      pages: run.pagesTotal,
      ocrPages: run.ocrPages ?? 0,
      language: (run.language ?? "en") as ExtractResult["language"],
    };
  }
  return {
    id: run.id,
    fileName: run.fileName,
    status: run.status as ExtractionStatus,
    done: run.pagesDone,
    total: run.pagesTotal,
    page: run.page,
    method: run.method as ExtractionView["method"],
    error: run.errorKey ? { key: run.errorKey, params: run.errorParams ?? {} } : null,
    result,
  };
}

/** The download's file name: the upload's, with .txt. */
export function textFileName(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "document";
  return `${base}.txt`;
}
