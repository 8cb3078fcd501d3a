import { AppError, forbidden, isAppError, notFound, rateLimited } from "~/lib/app-error";
import { canUseBackOffice } from "~/lib/features";
import { newId } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { consume } from "~/lib/rate-limit.server";
import { detectDocument, extractText, type DocumentKind, type ExtractOptions, type ExtractProgress } from "./extract.server";
import { EXTRACT_MAX_BYTES, EXTRACT_MAX_MB, type OcrLanguage } from "./limits";
import { stopOcr } from "./ocr.server";

/**
 * The document extractor's runs (docs/decisions/015). An upload starts a run in
 * this process and answers at once with its id; the page follows it (a poll with
 * JavaScript, a refreshing page without) and shows the text when it is done.
 *
 * Runs live in memory only: the text is not stored anywhere, a result is kept
 * 30 minutes for its owner (to read, copy, download or send on) and is gone with
 * a restart. Each person has one run at a time, and a process at most
 * MAX_ACTIVE runs waiting or working (OCR itself is one page at a time per process).
 */
const KEEP_MS = 30 * 60 * 1000;
const MAX_KEPT = 200;
const MAX_ACTIVE = 8;

export type ExtractionStatus = "working" | "done" | "failed";

type Run = {
  id: string;
  ownerId: string;
  fileName: string;
  startedAt: number;
  finishedAt: number | null;
  status: ExtractionStatus;
  progress: ExtractProgress | null;
  result: { text: string; kind: DocumentKind; pages: number; ocrPages: number; language: "en" | "fr" | "ar" } | null;
  error: { key: string; params: Record<string, string | number> } | null;
  controller: AbortController;
};

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
  result: Run["result"];
};

const runs = new Map<string, Run>();

type Actor = { id: string; role: string; enabledFeatures: readonly string[] };

function assertMayExtract(user: Actor): void {
  if (!canUseBackOffice(user, "document_extractor")) throw forbidden();
}

function forget(now = Date.now()): void {
  for (const [id, run] of runs) if (run.finishedAt !== null && now - run.finishedAt > KEEP_MS) runs.delete(id);
  if (runs.size <= MAX_KEPT) return;
  const finished = [...runs.values()].filter((run) => run.finishedAt !== null).sort((a, b) => a.finishedAt! - b.finishedAt!);
  for (const run of finished.slice(0, runs.size - MAX_KEPT)) runs.delete(run.id);
}

export type ExtractionInput = {
  bytes: Uint8Array;
  fileName: string;
  languages: OcrLanguage[];
  /** Set when the upload went over EXTRACT_MAX_BYTES (the bytes were drained, not kept). */
  tooLarge?: boolean;
};

/**
 * Checks an upload (size, emptiness, type by content) and starts reading it;
 * answers the run's id at once. Refusals name the form's `file` field.
 */
export async function startExtraction(
  user: Actor,
  input: ExtractionInput,
  options: Pick<ExtractOptions, "timeLimitMs" | "maxOcrPages" | "maxTextPages"> = {},
): Promise<{ id: string }> {
  assertMayExtract(user);
  forget();
  if (input.tooLarge || input.bytes.byteLength > EXTRACT_MAX_BYTES)
    throw new AppError(413, "extractor:errors.tooLarge", { field: "file", params: { max: EXTRACT_MAX_MB } });
  if (input.bytes.byteLength === 0) throw new AppError(400, "extractor:errors.empty", { field: "file" });
  if (!(await detectDocument(input.bytes))) throw new AppError(415, "extractor:errors.unsupportedType", { field: "file" });
  const active = [...runs.values()].filter((run) => run.status === "working");
  if (active.some((run) => run.ownerId === user.id)) throw new AppError(409, "extractor:errors.busy", { field: "file" });
  if (active.length >= MAX_ACTIVE) throw new AppError(503, "extractor:errors.serverBusy", { field: "file", headers: { "Retry-After": "60" } });
  const limit = await consume("upload:user", user.id);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);

  const run: Run = {
    id: newId(),
    ownerId: user.id,
    fileName: input.fileName,
    startedAt: Date.now(),
    finishedAt: null,
    status: "working",
    progress: null,
    result: null,
    error: null,
    controller: new AbortController(),
  };
  runs.set(run.id, run);
  void work(run, input, options);
  return { id: run.id };
}

async function work(run: Run, input: ExtractionInput, options: Pick<ExtractOptions, "timeLimitMs" | "maxOcrPages" | "maxTextPages">): Promise<void> {
  try {
    const result = await extractText(input.bytes, {
      ...options,
      languages: input.languages,
      signal: run.controller.signal,
      onProgress: (progress) => {
        run.progress = progress;
      },
    });
    run.result = result;
    run.status = "done";
    logger.info(
      { extraction: run.id, kind: result.kind, pages: result.pages, ocrPages: result.ocrPages, ms: Date.now() - run.startedAt },
      "document extracted",
    );
  } catch (error) {
    run.status = "failed";
    if (isAppError(error)) run.error = { key: error.key, params: error.params };
    else {
      if (!run.controller.signal.aborted) logger.error({ err: error, extraction: run.id }, "document extraction failed");
      run.error = { key: run.controller.signal.aborted ? "extractor:errors.stopped" : "extractor:errors.failed", params: {} };
    }
  } finally {
    run.finishedAt = Date.now();
  }
}

function view(run: Run, withText: boolean): ExtractionView {
  return {
    id: run.id,
    fileName: run.fileName,
    status: run.status,
    done: run.progress?.done ?? 0,
    total: run.progress?.total ?? 0,
    page: run.progress?.page ?? null,
    method: run.progress?.method ?? null,
    error: run.error,
    result: withText ? run.result : null,
  };
}

/** A run of the caller's (anyone else's, or a forgotten one, is the same 404). */
export function getExtraction(user: Actor, id: string, options: { withText?: boolean } = {}): ExtractionView {
  assertMayExtract(user);
  forget();
  const run = runs.get(id);
  if (!run || run.ownerId !== user.id) throw notFound("extractor:errors.notFound");
  return view(run, options.withText ?? true);
}

/** Waits until a run is done or failed (tests, and callers that want the text in one step). */
export async function waitForExtraction(user: Actor, id: string, timeoutMs = 60_000): Promise<ExtractionView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = getExtraction(user, id);
    if (current.status !== "working") return current;
    if (Date.now() > deadline) throw new Error(`extraction ${id} still working after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The download's file name: the upload's, with .txt. */
export function textFileName(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "document";
  return `${base}.txt`;
}

/** Shut-down: runs in progress are stopped and the OCR worker ends. */
export async function stopExtractions(): Promise<void> {
  for (const run of runs.values()) if (run.status === "working") run.controller.abort(new Error("shutting down"));
  await stopOcr();
}
