import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Worker } from "tesseract.js";
import { logger } from "~/lib/logger.server";
import { OCR_LANGUAGES, type OcrLanguage } from "./limits";

/**
 * OCR with tesseract.js, offline, one page at a time per process.
 *
 * - One long-lived worker (a worker thread running tesseract's WebAssembly) is
 *   made on the first page and reused; a page in other languages reloads its
 *   languages (`reinitialize`, ~0.2 s). It is stopped after 10 idle minutes (its
 *   memory goes back) and at shut-down (`stopOcr`, app/platform.server.ts).
 * - Pages wait in one queue, so two documents never OCR at once and the two-core
 *   server keeps a core for everything else.
 * - The language data comes from the installed `@tesseract.js-data/{eng,fra,ara}`
 *   packages, linked into one folder (`langPath`); nothing is fetched and nothing is
 *   written into the working directory (`cacheMethod: "none"`).
 */
const IDLE_MS = 10 * 60 * 1000;

let worker: Promise<Worker> | null = null;
let loaded = "";
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: NodeJS.Timeout | undefined;

/** The folder tesseract reads `<lang>.traineddata.gz` from: links to the installed packages' files. */
export function languageFolder(): string {
  const folder = path.join(os.tmpdir(), `firm-portal-tessdata-${process.getuid?.() ?? "user"}`);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const require = createRequire(import.meta.url);
  for (const language of OCR_LANGUAGES) {
    const target = path.join(folder, `${language}.traineddata.gz`);
    const source = path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), "4.0.0_best_int", `${language}.traineddata.gz`);
    let current: string | null = null;
    try {
      current = fs.readlinkSync(target);
    } catch {
      current = null;
    }
    if (current === source) continue;
    fs.rmSync(target, { force: true });
    fs.symlinkSync(source, target);
  }
  return folder;
}

async function workerFor(languages: readonly OcrLanguage[]): Promise<Worker> {
  const wanted = [...languages].sort().join("+");
  if (!worker) {
    loaded = wanted;
    const started = Date.now();
    // Loaded on first use, not at start: the server's resident memory stays small when no one uses it.
    worker = import("tesseract.js").then(({ createWorker, OEM }) =>
      createWorker(wanted.split("+"), OEM.LSTM_ONLY, { langPath: languageFolder(), cacheMethod: "none", gzip: true }),
    );
    worker.then(
      () => logger.info({ languages: wanted, ms: Date.now() - started }, "ocr worker started"),
      () => {
        worker = null;
      },
    );
  }
  const current = await worker;
  if (loaded !== wanted) {
    const { OEM } = await import("tesseract.js");
    await current.reinitialize(wanted, OEM.LSTM_ONLY);
    loaded = wanted;
  }
  return current;
}

function armIdleStop(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void stopOcr(), IDLE_MS);
  idleTimer.unref();
}

/** Places a task at the end of the process's one OCR queue. */
function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Reads the text of one image (PNG, JPEG or TIFF bytes) in the given languages,
 * after the pages queued before it. A signal aborted while waiting skips the page.
 */
export function recognize(image: Buffer | Uint8Array, languages: readonly OcrLanguage[], signal?: AbortSignal): Promise<string> {
  return enqueue(async () => {
    signal?.throwIfAborted();
    clearTimeout(idleTimer);
    try {
      const current = await workerFor(languages);
      const { data } = await current.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
      return data.text;
    } catch (error) {
      // A worker that failed mid-page is not trusted with the next one.
      if (!signal?.aborted) await stopOcr();
      throw error;
    } finally {
      armIdleStop();
    }
  });
}

/** Stops the worker (shut-down, idle); the next page starts a new one. */
export async function stopOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const current = worker;
  worker = null;
  loaded = "";
  if (!current) return;
  try {
    await (await current).terminate();
  } catch (error) {
    logger.warn({ err: error }, "ocr worker did not stop cleanly");
  }
}
