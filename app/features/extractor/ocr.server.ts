import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type Tinypool from "tinypool";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { MAX_IMAGE_PIXELS } from "~/lib/unpack-limits.server";
import { OCR_LANGUAGES, type OcrLanguage } from "./limits";
import type { OcrTask } from "./ocr-worker";

/**
 * OCR with tesseract.js, offline, in a pool of worker threads (tinypool) of
 * `EXTRACT_WORKERS` threads (1 by default), so that a long scan never holds up the
 * server's main thread: each thread draws a scanned PDF page (pdf.js + canvas) and
 * reads it, or reads an image (ocr-worker.ts).
 *
 * - A thread is started on the first page and keeps its tesseract worker; it ends
 *   after 10 idle minutes (its memory goes back), when the run whose page it is
 *   reading is aborted (mid-page), and at shut-down (`stopOcr`, app/platform.server.ts).
 * - A document sends one page at a time and pages wait in the pool's one queue, so
 *   documents from two people interleave page by page and at most `EXTRACT_WORKERS`
 *   cores do OCR.
 * - The language data comes from the installed `@tesseract.js-data/{eng,fra,ara}`
 *   packages, linked into one folder (`langPath`); nothing is fetched and nothing is
 *   written into the working directory (`cacheMethod: "none"`).
 */
const IDLE_MS = 10 * 60 * 1000;

let pool: { threads: Tinypool; langPath: string } | null = null;

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

/**
 * The pool thread's module. In the production server this code is bundled into build/index.js and the
 * thread is dist/extract-worker.js (scripts/build-server.js). From the TypeScript sources (Vitest, the
 * bench scripts) and under `npm run dev` (whose app bundle is rebuilt on change, the worker not), the
 * thread loads ocr-worker.ts through tsx (ocr-worker-source.mjs), so it is always the current source.
 */
export function workerModule(here = import.meta.url, nodeEnv = env().nodeEnv): string {
  if (here.endsWith(".ts")) return fileURLToPath(new URL("./ocr-worker-source.mjs", here));
  if (nodeEnv === "development") return fileURLToPath(new URL("../app/features/extractor/ocr-worker-source.mjs", here));
  return fileURLToPath(new URL("../dist/extract-worker.js", here));
}

/** A page the pool could not draw or read (a damaged PDF page or image). */
export class PageUnreadable extends Error {
  override name = "PageUnreadable";
}

async function thePool(): Promise<NonNullable<typeof pool>> {
  if (pool) return pool;
  // Loaded on first use, not at start: the server's resident memory stays small when no one uses it.
  const { default: Pool } = await import("tinypool");
  if (pool) return pool;
  const filename = workerModule();
  // A thread whose module cannot load fails before it takes its task, and the task would wait forever.
  if (!fs.existsSync(filename)) throw new Error(`the OCR worker ${filename} is missing (npm run build makes it)`);
  const size = env().extractWorkers;
  const threads = new Pool({ filename, minThreads: 0, maxThreads: size, idleTimeout: IDLE_MS });
  threads.on("error", (error) => logger.error({ err: error }, "ocr pool thread failed"));
  pool = { threads, langPath: languageFolder() };
  logger.info({ threads: size }, "ocr pool started");
  return pool;
}

type PageSource = { kind: "image"; image: Uint8Array } | { kind: "pdfPage"; pdf: Uint8Array; page: number };

/**
 * Reads the text of an image (PNG, JPEG or TIFF bytes), or of a PDF's page (the document's bytes and the
 * page's number: the thread draws it), in the given languages, on a pool thread, after the pages queued
 * before it. An aborted signal drops a waiting page and ends the thread of a page being read.
 */
export async function recognize(source: PageSource, languages: readonly OcrLanguage[], signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  const { threads, langPath } = await thePool();
  const common = { languages: [...languages], langPath };
  const task: OcrTask = source.kind === "image" ? { ...common, ...source } : { ...common, ...source, maxImagePixels: MAX_IMAGE_PIXELS };
  try {
    return (await threads.run(task, { signal })) as string;
  } catch (error) {
    signal?.throwIfAborted();
    throw new PageUnreadable("the page could not be drawn or read", { cause: error });
  }
}

/** Ends the pool's threads (shut-down); the next page starts a new pool. */
export async function stopOcr(): Promise<void> {
  const current = pool;
  pool = null;
  if (!current) return;
  try {
    await current.threads.destroy();
  } catch (error) {
    logger.warn({ err: error }, "ocr pool did not stop cleanly");
  }
}
