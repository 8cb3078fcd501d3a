import { AppError } from "~/lib/app-error";
import { consume } from "~/lib/rate-limit.server";
import type { StoredFile } from "~/lib/storage.server";
import { readOneFileForm, type OneFileForm } from "~/lib/upload-form.server";
import type { TranslationSettings } from "./settings.server";
import { checkDeskUpload, type DeskUpload } from "./upload.server";

/**
 * The HTTP side of the translation desk: reading a form that may carry a file (multipart, or
 * urlencoded without one) and sending a download.
 */
/** Reads the form; a file over the settings' maximum is drained and noted, never kept in memory whole. */
export async function readDeskForm(request: Request, userId: string, settings: Pick<TranslationSettings, "maxFileSizeMb">, fileField = "file"): Promise<OneFileForm> {
  const form = await readOneFileForm(request, fileField, settings.maxFileSizeMb * 1024 * 1024);
  if ((form.file || form.tooLarge) && !(await consume("upload:user", userId)).ok) throw new AppError(429, "common:errors.rateLimited", { params: { seconds: 60, minutes: 1 } });
  return form;
}

/** The form's file checked against the settings (type by content, size), or a refusal naming the field. */
export function checkFormFile(form: OneFileForm, settings: Pick<TranslationSettings, "maxFileSizeMb" | "allowedFileTypes">, field = "file"): Promise<DeskUpload> {
  return checkDeskUpload(form.file, settings, field, form.tooLarge);
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A stored file as a download that no browser renders in place. */
export function downloadResponse(stored: { file: StoredFile; content: Buffer }): Response {
  return new Response(new Uint8Array(stored.content), {
    headers: {
      "Content-Type": stored.file.mimeType,
      "Content-Length": String(stored.content.length),
      "Content-Disposition": contentDisposition(stored.file.originalName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** `?file=original`, `?file=translated` (the latest) or `?version=N` (an earlier translation). */
export function downloadChoice(url: URL): { kind: "original" } | { kind: "translated"; version?: number } {
  if (url.searchParams.get("file") === "original") return { kind: "original" };
  const version = Number(url.searchParams.get("version"));
  return Number.isInteger(version) && version > 0 ? { kind: "translated", version } : { kind: "translated" };
}
