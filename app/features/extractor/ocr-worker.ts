import type { Worker } from "tesseract.js";

/**
 * One thread of the extractor's OCR pool (ocr.server.ts starts it with tinypool): renders a
 * scanned PDF page at 300 dpi and reads it, or reads an image, off the server's main thread.
 *
 * The thread keeps one tesseract worker (tesseract.js runs its WebAssembly in a thread of its
 * own, started from this one), made on its first page and reused; a page in other languages
 * reloads them (~0.2 s). It ends with this thread: when the pool ends an idle thread, at
 * shut-down, and when the page's run is aborted (the pool ends the thread mid-page).
 *
 * Loaded by path, not imported: built to dist/extract-worker.js for the production server
 * (scripts/build-server.js), run from this source through tsx otherwise. So it imports no
 * app module, only packages; what it needs from the app comes with the task.
 */
export type OcrTask = {
  languages: string[];
  /** The folder of `<lang>.traineddata.gz` (ocr.server.ts `languageFolder`). */
  langPath: string;
} & (
  | { kind: "image"; image: Uint8Array }
  /** A page of a PDF (its whole bytes: the thread opens it itself), 1-based; pictures over `maxImagePixels` are not decoded. */
  | { kind: "pdfPage"; pdf: Uint8Array; page: number; maxImagePixels: number }
);

/** 300 dpi, but no side longer than this many pixels (a poster-sized page stays within memory). */
const OCR_DPI = 300;
const MAX_RENDER_SIDE = 4200;

let tesseract: Promise<Worker> | null = null;
let loaded = "";

async function workerFor(languages: readonly string[], langPath: string): Promise<Worker> {
  const wanted = [...languages].sort().join("+");
  if (!tesseract) {
    loaded = wanted;
    tesseract = import("tesseract.js").then(({ createWorker, OEM }) =>
      createWorker(wanted.split("+"), OEM.LSTM_ONLY, { langPath, cacheMethod: "none", gzip: true }),
    );
    tesseract.catch(() => {
      tesseract = null;
    });
  }
  const current = await tesseract;
  if (loaded !== wanted) {
    const { OEM } = await import("tesseract.js");
    await current.reinitialize(wanted, OEM.LSTM_ONLY);
    loaded = wanted;
  }
  return current;
}

async function stopTesseract(): Promise<void> {
  const current = tesseract;
  tesseract = null;
  loaded = "";
  await (await current?.catch(() => null))?.terminate();
}

/** The page drawn at 300 dpi as a PNG. */
async function renderPage(bytes: Uint8Array, pageNumber: number, maxImagePixels: number): Promise<Uint8Array> {
  const { getDocumentProxy, renderPageAsImage } = await import("unpdf");
  // The clone this thread received is pdf.js's to keep (it detaches the buffer it is given).
  const pdf = await getDocumentProxy(bytes, { isEvalSupported: false, stopAtErrors: false, verbosity: 0, maxImageSize: maxImagePixels });
  try {
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    const scale = Math.min(OCR_DPI / 72, MAX_RENDER_SIDE / Math.max(viewport.width, viewport.height, 1));
    try {
      return new Uint8Array(await renderPageAsImage(pdf, pageNumber, { canvasImport: () => import("@napi-rs/canvas"), scale }));
    } finally {
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
}

/** The task tinypool runs: the page's text. Throws when the page cannot be drawn or read. */
export default async function ocrPage(task: OcrTask): Promise<string> {
  const image = task.kind === "image" ? task.image : await renderPage(task.pdf, task.page, task.maxImagePixels);
  try {
    const current = await workerFor(task.languages, task.langPath);
    const { data } = await current.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    return data.text;
  } catch (error) {
    // A tesseract worker that failed mid-page is not trusted with the next one.
    await stopTesseract().catch(() => undefined);
    throw error;
  }
}
