import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { SessionUser } from "~/core/identity/session-user.server";
import { AppError, encodeMessage, invalid, isAppError } from "~/lib/app-error";
import { clientIp, safeRedirect } from "~/lib/http.server";
import { consume } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { readOneFileForm, redirectAfterUpload, type OneFileForm } from "~/lib/upload-form.server";
import { getTranslationSettings, type TranslationSettings } from "./settings.server";
import { AssignFormSchema, StatusFormSchema, TranslatedFormSchema, UploadFormSchema } from "./translations.schema";
import {
  assignTranslationFile,
  changeTranslationStatus,
  createTranslationFile,
  deleteTranslationFile,
  issueTranslationCertificate,
  uploadTranslatedFile,
} from "./translations.server";
import { checkDeskUpload, type DeskUpload } from "./upload.server";

/**
 * The HTTP side of the translation desk: reading a form that may carry a file (multipart, or
 * urlencoded without one) and sending a download.
 */
/** Reads the form; a file over the settings' maximum is drained and noted, never kept in memory whole. */
export async function readDeskForm(
  request: Request,
  userId: string,
  settings: Pick<TranslationSettings, "maxFileSizeMb">,
  fileField = "file",
): Promise<OneFileForm> {
  const form = await readOneFileForm(request, fileField, settings.maxFileSizeMb * 1024 * 1024);
  if ((form.file || form.tooLarge) && !(await consume("upload:user", userId)).ok)
    throw new AppError(429, "common:errors.rateLimited", { params: { seconds: 60, minutes: 1 } });
  return form;
}

/** The form's file checked against the settings (type by content, size), or a refusal naming the field. */
export function checkFormFile(
  form: OneFileForm,
  settings: Pick<TranslationSettings, "maxFileSizeMb" | "allowedFileTypes">,
  field = "file",
): Promise<DeskUpload> {
  return checkDeskUpload(form.file, settings, field, form.tooLarge);
}

type AnySubmission = Pick<Submission<unknown>, "reply">;

/** A refused upload or settings form: the desk's fixed failure message above the form, the reason at its field. */
export function deskFormRefusal(error: unknown, submission: AnySubmission, failure: string, hideFields?: string[]) {
  if (!isAppError(error)) throw error;
  const message = encodeMessage(error.key, error.params);
  const result = error.field
    ? submission.reply({ formErrors: [failure], fieldErrors: { [error.field]: [message] }, hideFields })
    : submission.reply({ formErrors: [failure, message], hideFields });
  return json({ result }, { status: error.status });
}

/** A file sent to the desk, for the desk's upload form and its progress-bar upload alike. */
export async function createDeskFileFromForm(request: Request, user: SessionUser, settings: TranslationSettings, form: OneFileForm): Promise<Response> {
  const submission = parseWithZod(form.fields, { schema: UploadFormSchema });
  if (submission.status !== "success") {
    const fieldErrors = form.file || form.tooLarge ? {} : { file: ["translations:errors.fileRequired"] };
    const reply = submission.reply({
      formErrors: ["translations:messages.uploadFailed"],
      fieldErrors: { ...submission.error, ...fieldErrors } as Record<string, string[]>,
    });
    return json({ result: reply }, { status: 400 });
  }
  try {
    const upload = await checkFormFile(form, settings);
    await createTranslationFile(user, submission.value, upload, { ip: clientIp(request) });
  } catch (error) {
    return deskFormRefusal(error, submission, "translations:messages.uploadFailed");
  }
  return redirectAfterUpload(request, "/dashboard/translations?tab=files", { type: "success", message: "translations:messages.uploaded" });
}

const FILE_FAILURES: Record<string, string> = {
  status: "translations:messages.statusFailed",
  translated: "translations:messages.translatedFailed",
  delete: "translations:messages.deleteFailed",
  assign: "translations:messages.assignFailed",
  certificate: "translations:messages.certificateFailed",
};
const FILE_SUCCESSES: Record<string, string> = {
  status: "translations:messages.statusUpdated",
  translated: "translations:messages.translatedUploaded",
  delete: "translations:messages.deleted",
  assign: "translations:messages.assigned",
  certificate: "translations:messages.certificateIssued",
};

/**
 * The forms of one desk file (status, translated file, assignment, certificate, delete), for
 * its page and the translated file's progress-bar upload alike; `only` limits the intents taken.
 */
export async function answerDeskFileForm(request: Request, user: SessionUser, id: string, only?: string): Promise<Response> {
  const settings = await getTranslationSettings();
  const form = await readDeskForm(request, user.id, settings);
  const intent = form.fields.get("intent") ?? "";
  const here = `/dashboard/translations/${id}`;
  const back = safeRedirect(form.fields.get("redirectTo"), here);
  const context = { ip: clientIp(request) };
  // The status change stands when its certificate could not be issued: an error toast says so
  // (the page also shows it and offers "Issue the certificate" again).
  let certificateFailed = false;
  try {
    if (only !== undefined && intent !== only) {
      throw invalid("common:api.invalidBody");
    } else if (intent === "status") {
      const submission = parseWithZod(form.fields, { schema: StatusFormSchema });
      if (submission.status !== "success")
        throw invalid(submission.error?.status?.[0] ?? submission.error?.note?.[0] ?? "translations:errors.statusInvalid", { field: "status" });
      ({ certificateFailed } = await changeTranslationStatus(user, id, submission.value.status, submission.value.note, context));
    } else if (intent === "translated") {
      const options = TranslatedFormSchema.parse(Object.fromEntries(form.fields));
      const upload = await checkFormFile(form, settings);
      ({ certificateFailed } = await uploadTranslatedFile(user, id, upload, { complete: options.complete }, context));
    } else if (intent === "assign") {
      const submission = parseWithZod(form.fields, { schema: AssignFormSchema });
      if (submission.status !== "success") throw invalid(submission.error?.dueDate?.[0] ?? "translations:errors.dueDateInvalid", { field: "dueDate" });
      await assignTranslationFile(user, id, submission.value);
    } else if (intent === "certificate") {
      await issueTranslationCertificate(user, id, context);
    } else if (intent === "delete") {
      await deleteTranslationFile(user, id, context);
      const afterDelete = back.startsWith(here) ? "/dashboard/translations?tab=files" : back;
      return redirectWithToast(afterDelete, { type: "success", message: FILE_SUCCESSES.delete! });
    } else {
      throw invalid("common:api.invalidBody");
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw json({ key: error.key, params: error.params }, { status: 404 });
    return json(
      { intent, failure: FILE_FAILURES[intent] ?? "translations:messages.statusFailed", reason: encodeMessage(error.key, error.params) },
      { status: error.status },
    );
  }
  if (certificateFailed) return redirectAfterUpload(request, back, { type: "error", message: "translations:messages.certificateNotIssued" });
  return redirectAfterUpload(request, back, { type: "success", message: FILE_SUCCESSES[intent]! });
}

/** `?file=original`, `?file=translated` (the latest) or `?version=N` (an earlier translation). */
export function downloadChoice(url: URL): { kind: "original" } | { kind: "translated"; version?: number } {
  if (url.searchParams.get("file") === "original") return { kind: "original" };
  const version = Number(url.searchParams.get("version"));
  return Number.isInteger(version) && version > 0 ? { kind: "translated", version } : { kind: "translated" };
}
