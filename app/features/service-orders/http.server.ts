import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { z } from "zod";
import { AppError, encodeMessage } from "~/lib/app-error";
import { refusal } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { consume } from "~/lib/rate-limit.server";
import { checkUpload, createUploadHandler, UploadRejected, type CheckedUpload } from "~/lib/storage.server";
import type { ToastInput } from "~/lib/toast.server";
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

/** The answer of a form that makes a record with its documents: field errors (the typed values and the file errors kept). */
export type NewRecordAnswer = { result: SubmissionResult<string[]>; fileErrors: FileError[] };

/**
 * A new record with its documents, from a page's form and its progress-bar upload alike: the fields
 * are checked by `schema` and the files (in `fileField`) by the storage module, either kind of error
 * answering 400 with both (NewRecordAnswer); then `create` makes it and the page goes where it says,
 * with its toast. A refusal goes back to the form with its message.
 */
export async function createFromUploadForm<Schema extends z.ZodTypeAny>(
  request: Request,
  userId: string,
  how: {
    schema: Schema;
    fileField?: string;
    create: (value: z.output<Schema>, uploads: CheckedUpload[]) => Promise<{ redirectTo: string; toast: ToastInput }>;
  },
): Promise<Response> {
  try {
    const { fields, uploads, fileErrors } = await readUploadForm(request, userId, how.fileField);
    const submission = parseWithZod(fields, { schema: how.schema });
    const answer = (result: SubmissionResult<string[]>, errors: FileError[]) => json<NewRecordAnswer>({ result, fileErrors: errors }, { status: 400 });
    if (submission.status !== "success") return answer(submission.reply(), fileErrors);
    if (fileErrors.length > 0) return answer(submission.reply({ formErrors: ["orders:files.errors.fix"] }), fileErrors);
    try {
      const { redirectTo, toast } = await how.create(submission.value, uploads);
      return await redirectAfterUpload(request, redirectTo, toast);
    } catch (error) {
      return await refusal(request, error, submission, { fileErrors: [] });
    }
  } catch (error) {
    return refusal(request, error);
  }
}

/** A client's new order with its documents, for the page's form and its progress-bar upload alike. */
export async function createOrderFromForm(request: Request, actor: Actor): Promise<Response> {
  return createFromUploadForm(request, actor.id, {
    schema: OrderCreateFormSchema,
    async create(value, uploads) {
      const { id, reference } = await createOrder(actor, value, uploads, await getLanguage(request));
      return { redirectTo: `/client/service-orders/${id}`, toast: { type: "success", message: "orders:new.created", params: { reference } } };
    },
  });
}

/** The API's refusal of refused documents: 400 `{ message: "documents: …", errors: { documents: [...] } }`. */
export function documentsRefusal(fileErrors: FileError[], field = "documents"): AppError {
  const messages = fileErrors.map((error) => encodeMessage(error.key, { name: error.name, max: error.max }));
  const first = fileErrors[0]!;
  return new AppError(400, first.key, { params: { name: first.name, max: first.max }, field, fieldErrors: { [field]: messages } });
}
