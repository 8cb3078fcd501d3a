/**
 * The file types the desk offers in its settings (PDF, DOC, DOCX, TXT and more), each with
 * the MIME type it is served with and the names a browser may show. The server decides a
 * file's type from its content (translations/upload.server.ts); names are only a hint.
 */
export const TRANSLATION_FILE_TYPES = ["pdf", "doc", "docx", "txt", "rtf", "odt", "jpg", "png", "tiff"] as const;
export type TranslationFileType = (typeof TRANSLATION_FILE_TYPES)[number];

export const FILE_TYPE_MIME: Record<TranslationFileType, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
  rtf: "application/rtf",
  odt: "application/vnd.oasis.opendocument.text",
  jpg: "image/jpeg",
  png: "image/png",
  tiff: "image/tiff",
};

const EXTENSIONS: Record<TranslationFileType, string[]> = {
  pdf: [".pdf"],
  doc: [".doc"],
  docx: [".docx"],
  txt: [".txt"],
  rtf: [".rtf"],
  odt: [".odt"],
  jpg: [".jpg", ".jpeg"],
  png: [".png"],
  tiff: [".tif", ".tiff"],
};

export function isTranslationFileType(value: unknown): value is TranslationFileType {
  return typeof value === "string" && (TRANSLATION_FILE_TYPES as readonly string[]).includes(value);
}

/** The `accept` hint of a file input for these types. */
export function acceptAttribute(types: readonly string[]): string {
  return types
    .filter(isTranslationFileType)
    .flatMap((type) => EXTENSIONS[type])
    .join(",");
}

/** The type a file name claims (the browser's early check only). */
export function typeFromName(name: string): TranslationFileType | null {
  const dot = name.lastIndexOf(".");
  const extension = dot >= 0 ? name.slice(dot).toLowerCase() : "";
  return TRANSLATION_FILE_TYPES.find((type) => EXTENSIONS[type].includes(extension)) ?? null;
}

/** The most the settings accept as a maximum file size (MB). */
export const MAX_FILE_SIZE_MB_LIMIT = 50;

/** Languages the desk translates between: the firm's three, English, Arabic and French. */
export const TRANSLATION_LANGUAGES = ["en", "ar", "fr"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** Words per page in the statistics. */
export const WORDS_PER_PAGE = 250;
