import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { readUploadForm } from "~/features/service-orders/index.server";
import { AppError, isAppError } from "~/lib/app-error";
import { refusal } from "~/lib/http.server";
import { MAX_UPLOAD_MB } from "~/lib/upload-limits";
import { redirectAfterUpload } from "~/lib/upload-form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { answerFormSchemaFor, NotApplicableFormSchema, UploadFormSchema } from "./answer-schema";
import { notFoundItem } from "./request-access.server";
import { requireRequestAccess, type RequestAccess } from "./request-links.server";
import { answerItem, attachFiles, markNotApplicable } from "./request-items.server";
import { getListForClient, submitList, type RequestListDetail } from "./requests.server";
import { requestPaths } from "./paths";

/**
 * The HTTP side of answering a request, shared by the client's own page (/client/requests/$id),
 * the restricted page a one-click link opens (/requests/$listId) and the upload route with a
 * progress bar: each is given who acts and whether the session is restricted to this one list,
 * and reaches nothing but this list (an item of another list is "not found", even the client's own).
 */

export type AnswerPageData = { list: RequestListDetail; restricted: boolean };

/** The list as its client answers it. */
export async function loadAnswerPage(access: RequestAccess, listId: string): Promise<AnswerPageData> {
  return { list: await getListForClient(access.actor.id, listId), restricted: access.restricted };
}

/** What an item's form gets back when it is refused: which item, and its fields' errors or its files' errors. */
export type AnswerActionData = {
  itemId?: string;
  intent?: string;
  result?: SubmissionResult<string[]>;
  fileErrors?: Array<{ key: string; name: string; max: number }>;
};

async function itemOfList(access: RequestAccess, listId: string, itemId: string) {
  const { list } = await loadAnswerPage(access, listId);
  const item = list.items.find((candidate) => candidate.id === itemId);
  if (!item) throw notFoundItem();
  return { list, item };
}

/**
 * One step of answering: an answer, "I don't have this", documents for an item, or the list's
 * submission. Success goes back to the page at the item with a toast (a redirect without
 * JavaScript, the same for a fetcher; JSON for the progress-bar upload); a refusal is the item's
 * field errors, the other items untouched.
 */
export async function answerPageAction(request: Request, access: RequestAccess, listId: string, back: string): Promise<Response> {
  const { actor } = access;
  const { fields, uploads, fileErrors } = await readUploadForm(request, actor.id, "files");
  const intent = fields.get("intent") ?? "";
  const itemId = fields.get("itemId") ?? "";
  const reply = (data: AnswerActionData, status = 400) => json<AnswerActionData>({ intent, itemId, ...data }, { status });
  try {
    if (intent === "submit") {
      await loadAnswerPage(access, listId);
      await submitList(actor, listId);
      return await redirectWithToast(back, { type: "success", message: "requests:client.toast.submitted" });
    }
    const { item } = await itemOfList(access, listId, itemId);
    const at = `${back}#item-${item.id}`;
    if (intent === "answer") {
      const submission = parseWithZod(fields, { schema: answerFormSchemaFor(item) });
      if (submission.status !== "success") return reply({ result: submission.reply() });
      try {
        await answerItem(actor, item.id, submission.value.answer);
      } catch (error) {
        return await refusal(request, error, submission, { intent, itemId });
      }
      return await redirectWithToast(at, { type: "success", message: "requests:client.toast.answered" });
    }
    if (intent === "not-applicable") {
      const submission = parseWithZod(fields, { schema: NotApplicableFormSchema });
      if (submission.status !== "success") return reply({ result: submission.reply() });
      try {
        await markNotApplicable(actor, item.id, submission.value.reason);
      } catch (error) {
        return await refusal(request, error, submission, { intent, itemId });
      }
      return await redirectWithToast(at, { type: "success", message: "requests:client.toast.notApplicable" });
    }
    if (intent === "upload") {
      const submission = parseWithZod(fields, { schema: UploadFormSchema });
      if (submission.status !== "success") return reply({ result: submission.reply() });
      if (fileErrors.length > 0 || uploads.length === 0) {
        return reply({ fileErrors: fileErrors.length > 0 ? fileErrors : [{ key: "orders:files.errors.required", name: "", max: MAX_UPLOAD_MB }] });
      }
      try {
        await attachFiles(actor, item.id, uploads);
      } catch (error) {
        if (!isAppError(error) || error.status === 404) throw error;
        return reply({ fileErrors: [{ key: error.key, name: "", max: MAX_UPLOAD_MB }] }, error.status);
      }
      // To the page itself, not `at`: the progress bar's navigation to a URL that differs only by its
      // hash would not reload the page's data.
      return await redirectAfterUpload(request, back, { type: "success", message: "requests:client.toast.uploaded", params: { count: uploads.length } });
    }
    throw new AppError(400, "common:validation.invalidRequest");
  } catch (error) {
    return refusal(request, error);
  }
}

/**
 * The answering action for whoever reaches the list: its client signed in, or the restricted session of a
 * one-click link to it (anyone else: the area's 404). Back to the page the person came through.
 */
export async function answerWithAccess(request: Request, listId: string): Promise<Response> {
  try {
    const access = await requireRequestAccess(request, listId);
    return await answerPageAction(request, access, listId, access.restricted ? requestPaths.answer(listId) : requestPaths.client(listId));
  } catch (error) {
    return refusal(request, error);
  }
}
