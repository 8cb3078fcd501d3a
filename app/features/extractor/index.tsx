// The extractor area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { ExtractionPanel } from "./extractor-parts";
export { ExtractFormSchema } from "./extractor.schema";
export { EXTRACT_ACCEPT, EXTRACT_MAX_MB, MAX_OCR_PAGES, MAX_TEXT_PAGES, OCR_LANGUAGES, type OcrLanguage } from "./limits";
