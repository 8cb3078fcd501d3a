import { sanitizeFileName } from "~/lib/storage.server";
import { readOneFileForm } from "~/lib/upload-form.server";
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
  const { fields, file, tooLarge } = await readOneFileForm(request, field, EXTRACT_MAX_BYTES);
  return { fields, file: file && { bytes: new Uint8Array(await file.arrayBuffer()), name: sanitizeFileName(file.name) }, tooLarge: tooLarge !== null };
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
