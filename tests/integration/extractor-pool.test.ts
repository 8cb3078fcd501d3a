import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText } from "~/features/extractor/extract.server";
import { languageFolder, stopOcr, workerModule } from "~/features/extractor/ocr.server";
import { ENGLISH_LINES, scannedPdf, textImage } from "../support/documents";

/**
 * The extractor's OCR pool (app/features/extractor/ocr.server.ts): pages are drawn and read on worker
 * threads, so the server's event loop keeps running during an OCR, and an aborted run ends the thread
 * reading its page. Threads are counted in /proc/self/task (Linux).
 */
const OCR_TIMEOUT = 120_000;
const threadCount = () => fs.readdirSync("/proc/self/task").length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds (the test's time-out bounds the wait). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await pause(20);
}

/** The process's thread count once it has stopped changing (threads that were told to end have ended). */
async function settledThreadCount(): Promise<number> {
  let last = -1;
  while (threadCount() !== last) {
    last = threadCount();
    await pause(250);
  }
  return last;
}

/** A page of 40 lines: seconds of OCR. */
const longPage = () => textImage(Array.from({ length: 40 }, (_, index) => `${index + 1}. ${ENGLISH_LINES[index % 2]}`));

describe("the OCR pool", () => {
  let idleThreads = 0;
  beforeAll(async () => {
    // One page first, so that what the process starts once and keeps (libuv's threads, the canvas library's)
    // is running before the threads are counted.
    await extractText(await scannedPdf([textImage(ENGLISH_LINES)]), { languages: ["eng"] });
    await stopOcr();
    idleThreads = await settledThreadCount();
  }, OCR_TIMEOUT);
  afterAll(() => stopOcr());

  it(
    "draws and reads a scanned page off the main thread: timers keep firing during the OCR",
    async () => {
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 10);
      try {
        const result = await extractText(await scannedPdf([longPage()]), { languages: ["eng"] });
        expect(result).toMatchObject({ kind: "pdf", pages: 1, ocrPages: 1 });
        expect(result.text).toContain("quick brown fox");
      } finally {
        clearInterval(timer);
      }
      expect(ticks).toBeGreaterThanOrEqual(5);
    },
    OCR_TIMEOUT,
  );

  it(
    "stops a page in progress when its run is aborted: the thread reading it ends",
    async () => {
      const controller = new AbortController();
      const progress: number[] = [];
      const reading = extractText(await scannedPdf([longPage(), longPage()]), {
        languages: ["eng"],
        signal: controller.signal,
        onProgress: (step) => progress.push(step.page),
      });
      // The second page is sent to the pool as soon as the first is done: abort while it is being drawn and read.
      await until(() => progress.length === 1);
      await pause(200);
      controller.abort(new Error("stopped by the test"));
      await expect(reading).rejects.toThrow("stopped by the test");
      expect(progress).toEqual([1]);
      // The pool's thread and its tesseract thread end, though the pool itself was not stopped.
      await until(() => threadCount() <= idleThreads);
      expect(threadCount()).toBeLessThanOrEqual(idleThreads);
    },
    OCR_TIMEOUT,
  );

  it("runs ocr-worker.ts from the sources, and the production bundle's dist/extract-worker.js", () => {
    const source = "file:///srv/portal/app/features/extractor/ocr.server.ts";
    const bundle = "file:///srv/portal/build/index.js";
    expect(workerModule(source, "test")).toBe("/srv/portal/app/features/extractor/ocr-worker-source.mjs");
    expect(workerModule(bundle, "development")).toBe("/srv/portal/app/features/extractor/ocr-worker-source.mjs");
    expect(workerModule(bundle, "production")).toBe("/srv/portal/dist/extract-worker.js");
    expect(fs.existsSync(workerModule())).toBe(true);
  });

  // Needs `npm run build` (CI's `npm test` builds first).
  it.skipIf(!fs.existsSync("dist/extract-worker.js") && !process.env.CI)(
    "the built thread module reads a page in a pool thread, as the production server runs it",
    async () => {
      const { default: Pool } = await import("tinypool");
      const pool = new Pool({ filename: path.resolve("dist/extract-worker.js"), maxThreads: 1 });
      try {
        const text = await pool.run({ kind: "image", image: textImage(ENGLISH_LINES.slice(0, 1)), languages: ["eng"], langPath: languageFolder() });
        expect(text).toContain("quick brown fox");
      } finally {
        await pool.destroy();
      }
    },
    OCR_TIMEOUT,
  );
});
