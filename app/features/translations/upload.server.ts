import { fileTypeFromBuffer } from "file-type";
import { AppError, invalid } from "~/lib/app-error";
import { isUtf8Text, sanitizeFileName, type CheckedUpload } from "~/lib/storage.server";
import { PdfNeedsPassword } from "~/lib/pdf-decrypt.server";
import { checkPdf, checkZip, UnpackRefused } from "~/lib/unpack-limits.server";
import { FILE_TYPE_MIME, typeFromName, type TranslationFileType } from "./file-types";
import type { TranslationSettings } from "./settings.server";

/** An upload the desk accepted, with its type among the desk's. */
export type DeskUpload = CheckedUpload & { kind: TranslationFileType };

/**
 * The file's type from its bytes (file-type), or null when it is none of the desk's types. The name
 * only tells apart formats that share a container (DOC in an OLE file) and marks plain text.
 */
export async function detectTranslationFileType(buffer: Buffer, name: string): Promise<TranslationFileType | null> {
  const detected = await fileTypeFromBuffer(buffer);
  const named = typeFromName(name);
  if (!detected) return named === "txt" && isUtf8Text(buffer) ? "txt" : null;
  switch (detected.ext) {
    case "pdf":
    case "docx":
    case "rtf":
    case "odt":
    case "jpg":
    case "png":
      return detected.ext;
    case "tif":
      return "tiff";
    case "cfb":
      return named === "doc" ? "doc" : null;
    default:
      return null;
  }
}

/**
 * The desk's checks of a file the multipart reader kept (or null when none was chosen), against its
 * settings: the size against the maximum in MB, the type from the content against the allowed types.
 * A DOCX or PDF that unpacks past its limits (lib/unpack-limits) is refused (413) before it is stored,
 * and a PDF that needs a password (nothing could read it).
 * A refusal names the field: 'Please select a file to upload', too large, or not allowed.
 */
export async function checkDeskUpload(
  file: { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> } | null,
  settings: Pick<TranslationSettings, "maxFileSizeMb" | "allowedFileTypes">,
  field = "file",
  tooLarge: string | null = null,
): Promise<DeskUpload> {
  const name = file ? sanitizeFileName(file.name) : (tooLarge ?? "");
  if (tooLarge !== null || (file && file.size > settings.maxFileSizeMb * 1024 * 1024)) {
    throw invalid("translations:errors.tooLarge", { field, params: { name: name || "file", max: settings.maxFileSizeMb } });
  }
  if (!file || file.size === 0) throw invalid("translations:errors.fileRequired", { field });
  const buffer = Buffer.from(await file.arrayBuffer());
  const kind = await detectTranslationFileType(buffer, name);
  if (!kind || !settings.allowedFileTypes.includes(kind)) {
    throw invalid("translations:errors.typeNotAllowed", {
      field,
      params: { name, types: settings.allowedFileTypes.map((type) => type.toUpperCase()).join(", ") },
    });
  }
  try {
    if (kind === "docx") await checkZip(buffer);
    if (kind === "pdf") await checkPdf(buffer);
  } catch (error) {
    if (error instanceof UnpackRefused) throw new AppError(413, "translations:errors.unpacksTooLarge", { field, params: { name } });
    if (error instanceof PdfNeedsPassword) throw invalid("translations:errors.passwordProtected", { field, params: { name } });
    throw error;
  }
  return { buffer, originalName: name, type: { ext: kind, mime: FILE_TYPE_MIME[kind] }, kind };
}
