import { json, unstable_parseMultipartFormData } from "@remix-run/node";
import { consume } from "~/lib/rate-limit.server";
import { checkUpload, createUploadHandler, UploadRejected, type CheckedUpload } from "~/lib/storage.server";
import { createToastHeaders, redirectWithToast } from "~/lib/toast.server";
import { MAX_UPLOAD_MB } from "~/lib/upload-limits";

/** One refused file, shown next to the file field as `t(key, { name, max })`. */
export type FileError = { key: string; name: string; max: number };

export type UploadForm = {
  /** The text fields, for parseWithZod (files are checked apart). */
  fields: URLSearchParams;
  uploads: CheckedUpload[];
  fileErrors: FileError[];
};

const MAX_MB = MAX_UPLOAD_MB;

/** The form was sent without choosing any file. */
export const NO_FILE_CHOSEN: FileError = { key: "orders:files.errors.required", name: "", max: MAX_UPLOAD_MB };

function toFileError(error: UploadRejected): FileError {
  return { key: `orders:files.errors.${error.problem}`, name: error.fileName, max: MAX_MB };
}

/**
 * Reads a page form that may carry documents (multipart, or urlencoded when it
 * has none): every file is size- and type-checked by the storage module; a
 * refused one becomes a field error, never an exception.
 */
export async function readUploadForm(request: Request, userId: string, fileField = "documents"): Promise<UploadForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data")) {
    const form = await request.formData();
    return { fields: textFields(form), uploads: [], fileErrors: [] };
  }
  const { handler, rejected } = createUploadHandler();
  const form = await unstable_parseMultipartFormData(request, handler);
  const fileErrors = rejected.map(toFileError);
  const uploads: CheckedUpload[] = [];
  const files = form.getAll(fileField).filter((value): value is File => typeof value !== "string");
  if (files.length > 0 && !(await consume("upload:user", userId)).ok) {
    fileErrors.push({ key: "orders:files.errors.rate_limited", name: files[0]!.name, max: MAX_MB });
    return { fields: textFields(form), uploads: [], fileErrors };
  }
  for (const file of files) {
    try {
      uploads.push(await checkUpload(file));
    } catch (error) {
      if (error instanceof UploadRejected) fileErrors.push(toFileError(error));
      else throw error;
    }
  }
  return { fields: textFields(form), uploads, fileErrors };
}

function textFields(form: FormData): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
  return fields;
}

/** Pages that upload with a progress bar send this header and get JSON back instead of a page. */
export function wantsJson(request: Request): boolean {
  return request.headers.get("x-upload") === "progress";
}

/**
 * The "add documents" step of both order pages (client and staff): a field
 * error when nothing usable was sent, otherwise the documents are attached and
 * the page is told so (JSON for the progress-bar upload, a redirect otherwise).
 */
export async function respondToDocumentUpload(
  request: Request,
  attach: (uploads: CheckedUpload[]) => Promise<unknown>,
  form: Pick<UploadForm, "uploads" | "fileErrors">,
  back: string,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  if (form.fileErrors.length > 0 || form.uploads.length === 0) {
    return json({ ...extra, fileErrors: form.fileErrors.length > 0 ? form.fileErrors : [NO_FILE_CHOSEN] }, { status: 400 });
  }
  await attach(form.uploads);
  const toast = { type: "success" as const, message: "orders:detail.documentsAdded", params: { count: form.uploads.length } };
  if (wantsJson(request)) return json({ redirectTo: back }, { headers: await createToastHeaders(toast) });
  return redirectWithToast(back, toast);
}
