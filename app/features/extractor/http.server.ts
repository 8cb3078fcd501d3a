import { unstable_parseMultipartFormData } from "@remix-run/node";
import { AppError, isAppError } from "~/lib/app-error";
import { createUploadHandler, sanitizeFileName } from "~/lib/storage.server";
import { textFileName, type ExtractionView } from "./extractor.server";
import { EXTRACT_MAX_BYTES } from "./limits";

/**
 * The HTTP side of the document extractor: reading the upload (multipart, with
 * the extractor's own size limit: the host's 1 MB limit is for non-multipart
 * bodies only, server/http-guards.ts) and the text download.
 */
export type ExtractUpload = {
  fields: URLSearchParams;
  file: { bytes: Uint8Array; name: string } | null;
  /** The file went over EXTRACT_MAX_BYTES: it was drained, not kept. */
  tooLarge: boolean;
};

export async function readExtractForm(request: Request, field = "file"): Promise<ExtractUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data")) {
    const form = await request.formData();
    return { fields: textFields(form), file: null, tooLarge: false };
  }
  const { handler, rejected } = createUploadHandler(EXTRACT_MAX_BYTES);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    // A body that is not multipart after all (cut short, no boundary) is bad input, not a server error.
    if (error instanceof Response || isAppError(error)) throw error;
    throw new AppError(400, "common:api.invalidBody");
  }
  const value = form.get(field);
  const file = value && typeof value !== "string" ? { bytes: new Uint8Array(await value.arrayBuffer()), name: sanitizeFileName(value.name) } : null;
  return { fields: textFields(form), file, tooLarge: rejected.some((rejection) => rejection.problem === "too_large") };
}

function textFields(form: FormData): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
  return fields;
}

/** RFC 6266 filename with an ASCII fallback and the UTF-8 original. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The extracted text as a UTF-8 .txt download (with a BOM, so that editors on Windows read Arabic right). */
export function textDownload(run: ExtractionView): Response {
  const body = new TextEncoder().encode(`\ufeff${run.result?.text ?? ""}`);
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(body.byteLength),
      "Content-Disposition": contentDisposition(textFileName(run.fileName)),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
