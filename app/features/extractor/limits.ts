/**
 * The document extractor's limits, shared by the server and the upload form
 * (the server enforces them; the form only says them).
 */
export const EXTRACT_MAX_MB = 20;
export const EXTRACT_MAX_BYTES = EXTRACT_MAX_MB * 1024 * 1024;
/** Pages read from a PDF's text layer (fast: milliseconds a page). */
export const MAX_TEXT_PAGES = 500;
/** Pages that need OCR (seconds a page on two cores). */
export const MAX_OCR_PAGES = 50;
/** A whole document, upload excluded. */
export const EXTRACT_TIME_LIMIT_MS = 10 * 60 * 1000;

/**
 * Documents one instance reads at once: their pages take turns in the OCR pool's queue, so a short
 * document started while a long one is read is not kept waiting for the whole long one.
 */
export const EXTRACTIONS_PER_INSTANCE = 4;

/** The languages OCR reads: tesseract's codes, and the interface's codes they match. */
export const OCR_LANGUAGES = ["eng", "fra", "ara"] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];
export const LANGUAGE_CODES: Record<OcrLanguage, "en" | "fr" | "ar"> = { eng: "en", fra: "fr", ara: "ar" };

/** The browser's `accept` hint; the server decides from the content. */
export const EXTRACT_ACCEPT = ".pdf,.docx,.txt,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,text/plain,image/png,image/jpeg,image/tiff";
