import { json, unstable_parseMultipartFormData } from "@remix-run/node";
import { AppError, isAppError } from "./app-error";
import { createUploadHandler } from "./storage.server";
import { redirectWithToast, ToastSchema, type ToastInput } from "./toast.server";

/**
 * Reading forms that may carry files. Multipart bodies go through the storage module's upload
 * handler, which drains a file over its limit instead of keeping it (createUploadHandler).
 */

/** Parses a multipart body; one that is not multipart after all (no boundary, cut short) is bad input (400), not a server error. */
export async function parseMultipart(request: Request, handler: ReturnType<typeof createUploadHandler>["handler"]): Promise<FormData> {
  try {
    return await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof Response || isAppError(error)) throw error;
    throw new AppError(400, "common:api.invalidBody");
  }
}

/** A form's text fields, for parseWithZod (its files are checked apart). */
export function textFields(form: FormData): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
  return fields;
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").includes("multipart/form-data");
}

export type OneFileForm = {
  fields: URLSearchParams;
  /** The first file sent in the form's file field, or null. */
  file: File | null;
  /** The name of a file over `maxBytes` (drained, never kept), or null. */
  tooLarge: string | null;
};

/** A form with at most one file, in `fileField`: multipart with a size limit, or urlencoded without a file. */
export async function readOneFileForm(request: Request, fileField: string, maxBytes: number): Promise<OneFileForm> {
  if (!isMultipart(request)) return { fields: textFields(await request.formData()), file: null, tooLarge: null };
  const { handler, rejected } = createUploadHandler(maxBytes);
  const form = await parseMultipart(request, handler);
  const file = form.getAll(fileField).find((value): value is File => typeof value !== "string") ?? null;
  const tooLarge = rejected.find((rejection) => rejection.problem === "too_large")?.fileName ?? null;
  return { fields: textFields(form), file, tooLarge };
}

/** Pages that upload with a progress bar send this header and get JSON back instead of a page. */
function wantsJson(request: Request): boolean {
  return request.headers.get("x-upload") === "progress";
}

/**
 * Success after an upload. The progress-bar upload gets JSON `{ redirectTo, toast }` and shows the
 * toast at once, as the root shows a flash toast (its navigation afterwards does not reload the root,
 * which reads the flash cookie); a plain form post gets a redirect with the flash toast.
 */
export async function redirectAfterUpload(request: Request, redirectTo: string, toast: ToastInput): Promise<Response> {
  if (wantsJson(request)) return json({ redirectTo, toast: ToastSchema.parse(toast) });
  return redirectWithToast(redirectTo, toast);
}
