import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { AppError, encodeMessage } from "~/lib/app-error";
import { refusal } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { consume } from "~/lib/rate-limit.server";
import { checkUpload, createUploadHandler, UploadRejected, type CheckedUpload } from "~/lib/storage.server";
import { isMultipart, parseMultipart, redirectAfterUpload, textFields } from "~/lib/upload-form.server";
import { fileError, NO_FILE_CHOSEN, type FileError } from "./file-checks";
import { OrderCreateFormSchema } from "./service-orders.schema";
import { addOrderDocuments, createOrder, type Actor } from "./service-orders.server";

/**
 * The HTTP side of the orders and reports areas: reading forms that carry
 * documents, and the answers of the pages that upload them (a progress-bar
 * upload gets JSON, a plain form POST a redirect).
 */
export type UploadForm = {
  /** The text fields, for parseWithZod (files are checked apart). */
  fields: URLSearchParams;
  uploads: CheckedUpload[];
  fileErrors: FileError[];
};

function toFileError(error: UploadRejected): FileError {
  return fileError(error.problem, error.fileName);
}

/**
 * Reads a form that may carry documents (multipart, or urlencoded when it
 * has none): every file is size- and type-checked by the storage module; a
 * refused one becomes a field error, never an exception.
 */
export async function readUploadForm(request: Request, userId: string, fileField = "documents"): Promise<UploadForm> {
  if (!isMultipart(request)) return { fields: textFields(await request.formData()), uploads: [], fileErrors: [] };
  const { handler, rejected } = createUploadHandler();
  const form = await parseMultipart(request, handler);
  const fileErrors = rejected.map(toFileError);
  const uploads: CheckedUpload[] = [];
  const files = form.getAll(fileField).filter((value): value is File => typeof value !== "string");
  if (files.length > 0 && !(await consume("upload:user", userId)).ok) {
    fileErrors.push(fileError("rate_limited", files[0]!.name));
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

/**
 * The "add documents" step of both order pages (client and staff), for the page's
 * form and its progress-bar upload alike: a field error when nothing usable was
 * sent, otherwise the documents are attached and the page is told so.
 */
export async function respondToDocumentUpload(
  request: Request,
  actor: Actor,
  id: string,
  form: Pick<UploadForm, "uploads" | "fileErrors">,
  back: string,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  if (form.fileErrors.length > 0 || form.uploads.length === 0) {
    return json({ ...extra, fileErrors: form.fileErrors.length > 0 ? form.fileErrors : [NO_FILE_CHOSEN] }, { status: 400 });
  }
  await addOrderDocuments(actor, id, form.uploads);
  return redirectAfterUpload(request, back, { type: "success", message: "orders:detail.documentsAdded", params: { count: form.uploads.length } });
}

/** The new-order form's answer: field errors (the typed values and the file errors kept), or the new order's page. */
export type NewOrderAnswer = { result: SubmissionResult<string[]>; fileErrors: FileError[] };

/** A client's new order with its documents, for the page's form and its progress-bar upload alike. */
export async function createOrderFromForm(request: Request, actor: Actor): Promise<Response> {
  try {
    const { fields, uploads, fileErrors } = await readUploadForm(request, actor.id);
    const submission = parseWithZod(fields, { schema: OrderCreateFormSchema });
    const answer = (result: SubmissionResult<string[]>, errors: FileError[]) => json<NewOrderAnswer>({ result, fileErrors: errors }, { status: 400 });
    if (submission.status !== "success") return answer(submission.reply(), fileErrors);
    if (fileErrors.length > 0) return answer(submission.reply({ formErrors: ["orders:files.errors.fix"] }), fileErrors);
    try {
      const { id, reference } = await createOrder(actor, submission.value, uploads, await getLanguage(request));
      return await redirectAfterUpload(request, `/client/service-orders/${id}`, { type: "success", message: "orders:new.created", params: { reference } });
    } catch (error) {
      return await refusal(request, error, submission, { fileErrors: [] });
    }
  } catch (error) {
    return refusal(request, error);
  }
}

/** The API's refusal of refused documents: 400 `{ message: "documents: …", errors: { documents: [...] } }`. */
export function documentsRefusal(fileErrors: FileError[], field = "documents"): AppError {
  const messages = fileErrors.map((error) => encodeMessage(error.key, { name: error.name, max: error.max }));
  const first = fileErrors[0]!;
  return new AppError(400, first.key, { params: { name: first.name, max: first.max }, field, fieldErrors: { [field]: messages } });
}
