// The extractor area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { extractText } from "./extract.server";
export { EXTRACTION_JOB, EXTRACTION_RECORD_TYPE, type ExtractionView, getExtraction, startExtraction, textFileName } from "./extractor.server";
export { readExtractForm, textDownload } from "./http.server";
export { stopOcr } from "./ocr.server";
export { EXTRACTIONS_PER_INSTANCE } from "./limits";
