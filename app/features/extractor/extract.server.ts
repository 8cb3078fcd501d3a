import { fileTypeFromBuffer } from "file-type";
import type { getDocumentProxy } from "unpdf";
import { AppError } from "~/lib/app-error";
import { PdfNeedsPassword } from "~/lib/pdf-decrypt.server";
import { checkPdf, checkZip, MAX_IMAGE_PIXELS, UnpackRefused } from "~/lib/unpack-limits.server";
import { EXTRACT_TIME_LIMIT_MS, LANGUAGE_CODES, MAX_OCR_PAGES, MAX_TEXT_PAGES, OCR_LANGUAGES, type OcrLanguage } from "./limits";
import { PageUnreadable, recognize } from "./ocr.server";

/**
 * Text out of a document, offline: a PDF's text layer (unpdf's pdf.js), pages of a
 * PDF without one rendered at 300 dpi and read by OCR, images (PNG, JPEG, TIFF) by OCR
 * (tesseract: English, French, Arabic), Word documents (DOCX) by mammoth, plain text
 * as it is. The type is decided from the bytes, never from the name. A DOCX or PDF is
 * first checked against what it unpacks to (lib/unpack-limits), before any reader
 * inflates it. Refusals are AppErrors with `extractor:errors.*` keys.
 */
export type DocumentKind = "pdf" | "docx" | "txt" | "image";

export type ExtractProgress = {
  /** Pages finished so far, and of how many. */
  done: number;
  total: number;
  /** The page just finished (1-based) and how it was read. */
  page: number;
  method: "text" | "ocr";
};

export type ExtractOptions = {
  languages?: readonly OcrLanguage[];
  onProgress?: (progress: ExtractProgress) => void;
  signal?: AbortSignal;
  /** Defaults to EXTRACT_TIME_LIMIT_MS. */
  timeLimitMs?: number;
  maxOcrPages?: number;
  maxTextPages?: number;
};

export type ExtractResult = {
  text: string;
  kind: DocumentKind;
  pages: number;
  ocrPages: number;
  /** The document's language as the text suggests it (for the translation tool's source). */
  language: "en" | "fr" | "ar";
};

/** A page with fewer letters or digits than this in its text layer is treated as scanned. */
const MIN_TEXT_LAYER_CHARS = 20;

const refuse = {
  empty: () => new AppError(400, "extractor:errors.empty"),
  unsupported: () => new AppError(415, "extractor:errors.unsupportedType"),
  corrupt: () => new AppError(422, "extractor:errors.corrupt"),
  encrypted: () => new AppError(422, "extractor:errors.encrypted"),
  noText: () => new AppError(422, "extractor:errors.noText"),
  tooManyPages: (max: number) => new AppError(413, "extractor:errors.tooManyPages", { params: { max } }),
  tooManyScannedPages: (max: number) => new AppError(413, "extractor:errors.tooManyScannedPages", { params: { max } }),
  unpacksTooLarge: () => new AppError(413, "extractor:errors.unpacksTooLarge"),
  imageTooLarge: () => new AppError(413, "extractor:errors.imageTooLarge", { params: { max: Math.round(MAX_IMAGE_PIXELS / 1_000_000) } }),
  timeLimit: (ms: number) => new AppError(422, "extractor:errors.timeLimit", { params: { minutes: Math.max(1, Math.round(ms / 60_000)) } }),
  languages: () => new AppError(400, "extractor:errors.languages", { field: "languages" }),
};

type Detected = { kind: "pdf" } | { kind: "docx" } | { kind: "txt"; text: string } | { kind: "image"; format: "png" | "jpg" | "tif" };

/** What the bytes are: by their signature, or valid UTF-8 (or UTF-16 with a BOM) text without NUL bytes. */
export async function detectDocument(bytes: Uint8Array): Promise<Detected | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (detected.ext === "pdf") return { kind: "pdf" };
    if (detected.ext === "docx") return { kind: "docx" };
    if (detected.ext === "png" || detected.ext === "jpg" || detected.ext === "tif") return { kind: "image", format: detected.ext };
    return null;
  }
  const text = decodeText(bytes);
  return text === null ? null : { kind: "txt", text };
}

function decodeText(bytes: Uint8Array): string | null {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : null;
  try {
    const text = new TextDecoder(utf16 ?? "utf-8", { fatal: true }).decode(bytes);
    if (!utf16 && bytes.includes(0)) return null;
    // Control characters other than tab, line feed, form feed and carriage return mean a binary file.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) return null;
    return text;
  } catch {
    return null;
  }
}

/** An image's size from its header (PNG, JPEG, TIFF), or null when the header cannot be read. */
export function imageSize(bytes: Uint8Array, format: "png" | "jpg" | "tif"): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (format === "png") return { width: view.getUint32(16), height: view.getUint32(20) };
    if (format === "jpg") {
      let at = 2;
      while (at + 9 < bytes.length) {
        if (bytes[at] !== 0xff) return null;
        const marker = bytes[at + 1]!;
        if (marker === 0xff) {
          at += 1;
          continue;
        }
        const length = view.getUint16(at + 2);
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
        }
        at += 2 + length;
      }
      return null;
    }
    const little = bytes[0] === 0x49;
    const ifd = view.getUint32(4, little);
    const count = view.getUint16(ifd, little);
    let width = 0;
    let height = 0;
    for (let index = 0; index < count; index += 1) {
      const entry = ifd + 2 + index * 12;
      const tag = view.getUint16(entry, little);
      const type = view.getUint16(entry + 2, little);
      const value = type === 3 ? view.getUint16(entry + 8, little) : view.getUint32(entry + 8, little);
      if (tag === 256) width = value;
      if (tag === 257) height = value;
    }
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The document's language as its text suggests: Arabic script, else French words, else English. */
export function guessLanguage(text: string, languages: readonly OcrLanguage[] = OCR_LANGUAGES): "en" | "fr" | "ar" {
  const sample = text.slice(0, 20_000);
  const arabic = (sample.match(/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/g) ?? []).length;
  const latin = (sample.match(/[A-Za-z\u00c0-\u024f]/g) ?? []).length;
  if (arabic > latin) return "ar";
  const words = sample.toLowerCase().match(/[a-zà-ÿœ']+/g) ?? [];
  const french = words.filter((word) => FRENCH_WORDS.has(word)).length;
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  if (french > english) return "fr";
  if (english > 0 || latin > 0) return "en";
  return languages.length === 1 ? LANGUAGE_CODES[languages[0]!] : "en";
}
const FRENCH_WORDS = new Set([
  "le",
  "la",
  "les",
  "des",
  "du",
  "de",
  "et",
  "est",
  "une",
  "un",
  "pour",
  "dans",
  "que",
  "qui",
  "sur",
  "avec",
  "pas",
  "nous",
  "vous",
  "au",
  "aux",
  "ce",
  "cette",
  "été",
  "être",
]);
const ENGLISH_WORDS = new Set([
  "the",
  "and",
  "of",
  "to",
  "is",
  "in",
  "for",
  "that",
  "with",
  "on",
  "this",
  "be",
  "are",
  "was",
  "by",
  "as",
  "at",
  "from",
  "or",
  "an",
]);

function meaningfulLength(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

/** Extracts the text of a document; see the module's comment. */
export async function extractText(bytes: Uint8Array, options: ExtractOptions = {}): Promise<ExtractResult> {
  const languages = options.languages?.length ? [...new Set(options.languages)] : (["eng"] as OcrLanguage[]);
  if (languages.some((language) => !OCR_LANGUAGES.includes(language))) throw refuse.languages();
  if (bytes.byteLength === 0) throw refuse.empty();

  const limitMs = options.timeLimitMs ?? EXTRACT_TIME_LIMIT_MS;
  const timeout = AbortSignal.timeout(limitMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const checkpoint = () => {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) throw refuse.timeLimit(limitMs);
  };
  const context: Context = {
    languages,
    signal,
    checkpoint,
    onProgress: options.onProgress ?? (() => {}),
    maxOcrPages: options.maxOcrPages ?? MAX_OCR_PAGES,
    maxTextPages: options.maxTextPages ?? MAX_TEXT_PAGES,
  };

  const detected = await detectDocument(bytes);
  if (!detected) throw refuse.unsupported();
  let result: Omit<ExtractResult, "language">;
  if (detected.kind === "pdf") result = await fromPdf(bytes, context);
  else if (detected.kind === "docx") result = await fromDocx(bytes, context);
  else if (detected.kind === "txt") {
    context.onProgress({ done: 1, total: 1, page: 1, method: "text" });
    result = { text: detected.text.replace(/^\ufeff/, ""), kind: "txt", pages: 1, ocrPages: 0 };
  } else result = await fromImage(bytes, detected.format, context);

  const text = normalise(result.text);
  if (meaningfulLength(text) === 0) throw result.kind === "txt" || result.kind === "docx" ? refuse.empty() : refuse.noText();
  return { ...result, text, language: guessLanguage(text, languages) };
}

type Context = {
  languages: OcrLanguage[];
  signal: AbortSignal;
  checkpoint: () => void;
  onProgress: (progress: ExtractProgress) => void;
  maxOcrPages: number;
  maxTextPages: number;
};

function normalise(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{4,}/g, "\n\n\n")
    .trim();
}

/** OCR of an image or of a PDF page drawn at 300 dpi, on the OCR pool (ocr.server.ts). */
async function ocr(source: Parameters<typeof recognize>[0], context: Context): Promise<string> {
  try {
    return await recognize(source, context.languages, context.signal);
  } catch (error) {
    context.checkpoint();
    // The page could not be drawn, or tesseract could not read the image (a cut-short or broken file).
    if (error instanceof PageUnreadable) throw refuse.corrupt();
    throw error;
  }
}

async function fromImage(bytes: Uint8Array, format: "png" | "jpg" | "tif", context: Context): Promise<Omit<ExtractResult, "language">> {
  const size = imageSize(bytes, format);
  if (!size) throw refuse.corrupt();
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw refuse.imageTooLarge();
  const text = await ocr({ kind: "image", image: bytes }, context);
  context.checkpoint();
  context.onProgress({ done: 1, total: 1, page: 1, method: "ocr" });
  return { text, kind: "image", pages: 1, ocrPages: 1 };
}

/** Refuses a document that unpacks past its limits, before anything reads it. */
async function checkUnpacking(check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (error instanceof UnpackRefused) throw refuse.unpacksTooLarge();
    if (error instanceof PdfNeedsPassword) throw refuse.encrypted();
    throw error;
  }
}

async function fromDocx(bytes: Uint8Array, context: Context): Promise<Omit<ExtractResult, "language">> {
  await checkUnpacking(checkZip(bytes));
  try {
    // Loaded on first use, not at start: the server's resident memory stays small when no one uses it.
    const { default: mammoth } = await import("mammoth");
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    context.onProgress({ done: 1, total: 1, page: 1, method: "text" });
    return { text: value, kind: "docx", pages: 1, ocrPages: 0 };
  } catch {
    throw refuse.corrupt();
  }
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // pdf.js takes over (detaches) the buffer it is given: give it a copy.
    const { getDocumentProxy } = await import("unpdf");
    // maxImageSize: a picture over the pixel limit is never decoded, whatever its stream looks like.
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0, maxImageSize: MAX_IMAGE_PIXELS });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === "PasswordException") throw refuse.encrypted();
    throw refuse.corrupt();
  }
}

async function pageText(pdf: PdfDocument, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      text += item.str;
      if (item.hasEOL) text += "\n";
    }
    return text;
  } finally {
    page.cleanup();
  }
}

async function fromPdf(bytes: Uint8Array, context: Context): Promise<Omit<ExtractResult, "language">> {
  await checkUnpacking(checkPdf(bytes));
  const pdf = await openPdf(bytes);
  try {
    const total = pdf.numPages;
    if (total === 0) throw refuse.empty();
    if (total > context.maxTextPages) throw refuse.tooManyPages(context.maxTextPages);
    const texts: string[] = new Array(total).fill("");
    const scanned: number[] = [];
    let done = 0;
    // First every text layer (fast), so a document with too many scanned pages is refused at once.
    for (let number = 1; number <= total; number += 1) {
      context.checkpoint();
      let text: string;
      try {
        text = await pageText(pdf, number);
      } catch {
        throw refuse.corrupt();
      }
      if (meaningfulLength(text) < MIN_TEXT_LAYER_CHARS) {
        scanned.push(number);
        continue;
      }
      texts[number - 1] = text;
      done += 1;
      context.onProgress({ done, total, page: number, method: "text" });
    }
    if (scanned.length > context.maxOcrPages) throw refuse.tooManyScannedPages(context.maxOcrPages);
    for (const number of scanned) {
      context.checkpoint();
      const text = await ocr({ kind: "pdfPage", pdf: bytes, page: number }, context);
      // A page whose OCR finds nothing keeps whatever little its text layer had.
      texts[number - 1] = meaningfulLength(text) > 0 ? text : await pageText(pdf, number);
      context.checkpoint();
      done += 1;
      context.onProgress({ done, total, page: number, method: "ocr" });
    }
    return { text: texts.map((text) => text.trim()).join("\n\n"), kind: "pdf", pages: total, ocrPages: scanned.length };
  } finally {
    await pdf.destroy();
  }
}
