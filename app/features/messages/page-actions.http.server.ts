import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { FileError } from "~/features/service-orders";
import { readUploadForm } from "~/features/service-orders/index.server";
import { AppError, encodeMessage, isAppError } from "~/lib/app-error";
import { refusal } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { MAX_UPLOAD_MB } from "~/lib/upload-limits";
import { redirectAfterUpload } from "~/lib/upload-form.server";
import { editMessage, postMessage, removeMessage } from "./messages.server";
import { ComposerSchema, EditMessageSchema, MAX_MESSAGE_ATTACHMENTS, messagePaths, ThreadActionSchema, ThreadAssignSchema } from "./page-forms";
import { assignThread, markThreadRead, setThreadState } from "./threads.server";
import type { MessageViewer, PostTarget } from "./types.server";

/**
 * The HTTP side of the thread pages, shared by the client's and the staff's pages and by the
 * composer's upload with a progress bar (which posts the same form to a resource route and gets
 * JSON). The rules (who may post, read, assign) are the messages area's: this only reads forms
 * and turns outcomes into page answers.
 */

export type MessageArea = "client" | "dashboard";

/** What a refused form gets back: which form, its fields' errors (the typed text kept) and its files' errors. */
export type MessageActionData = { intent: string; messageId?: string; result?: SubmissionResult<string[]>; fileErrors?: FileError[] };

export function threadPath(area: MessageArea, threadId: string): string {
  return area === "client" ? messagePaths.client(threadId) : messagePaths.staff(threadId);
}

/**
 * One step on a thread page (or on a "new message" page, where `target` names the client and order and
 * the thread is made by the first message). Success goes to the thread with a toast; a refusal is the
 * form's errors, what was typed kept.
 */
export async function messagePageAction(request: Request, viewer: MessageViewer, area: MessageArea, target: PostTarget): Promise<Response> {
  const { fields, uploads, fileErrors } = await readUploadForm(request, viewer.id, "files");
  const intent = fields.get("intent") ?? "";
  const threadId = "threadId" in target ? target.threadId : null;
  const back = threadId ? threadPath(area, threadId) : null;
  const reply = (data: Omit<MessageActionData, "intent">, status = 400) => json<MessageActionData>({ intent, ...data }, { status });

  if (intent === "post") {
    const submission = parseWithZod(fields, { schema: ComposerSchema });
    if (submission.status !== "success") return reply({ result: submission.reply(), fileErrors });
    if (fileErrors.length > 0) return reply({ result: submission.reply(), fileErrors });
    if (uploads.length > MAX_MESSAGE_ATTACHMENTS) {
      return reply({
        result: submission.reply(),
        fileErrors: [{ key: "orders:files.errors.too_many", name: uploads[MAX_MESSAGE_ATTACHMENTS]!.originalName, max: MAX_UPLOAD_MB }],
      });
    }
    const body = submission.value.body ?? "";
    if (!body && uploads.length === 0) return reply({ result: submission.reply({ fieldErrors: { body: ["messages:composer.errors.empty"] } }) });
    let posted: { threadId: string; messageId: string };
    try {
      posted = await postMessage(viewer, target, { body, internal: area === "dashboard" && Boolean(submission.value.internal), files: uploads });
    } catch (error) {
      if (!isAppError(error) || error.status === 404) throw error;
      const message = encodeMessage(error.key, error.params);
      return reply(
        { result: error.field === "body" ? submission.reply({ fieldErrors: { body: [message] } }) : submission.reply({ formErrors: [message] }) },
        error.status,
      );
    }
    const note = area === "dashboard" && submission.value.internal;
    return redirectAfterUpload(request, threadPath(area, posted.threadId), {
      type: "success",
      message: note ? "messages:thread.toast.noteAdded" : "messages:thread.toast.sent",
    });
  }

  if (!threadId || !back) throw new AppError(400, "common:validation.invalidRequest");

  if (intent === "edit") {
    const submission = parseWithZod(fields, { schema: EditMessageSchema });
    if (submission.status !== "success") return reply({ messageId: fields.get("messageId") ?? undefined, result: submission.reply() });
    try {
      await editMessage(viewer, submission.value.messageId, submission.value.body);
    } catch (error) {
      return refusal(request, error, submission, { intent, messageId: submission.value.messageId });
    }
    return redirectWithToast(back, { type: "success", message: "messages:thread.toast.edited" });
  }

  if (intent === "assign") {
    const submission = parseWithZod(fields, { schema: ThreadAssignSchema });
    if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: "messages:thread.errors.assignee" });
    try {
      await assignThread(viewer, threadId, submission.value.assigneeId || null);
    } catch (error) {
      return refusal(request, error);
    }
    return redirectWithToast(back, {
      type: "success",
      message: submission.value.assigneeId ? "messages:thread.toast.assigned" : "messages:thread.toast.unassigned",
    });
  }

  const submission = parseWithZod(fields, { schema: ThreadActionSchema });
  if (submission.status !== "success") throw new AppError(400, "common:validation.invalidRequest");
  try {
    switch (submission.value.intent) {
      case "read":
        await markThreadRead(viewer, threadId);
        return json({ intent, read: true });
      case "close":
        await setThreadState(viewer, threadId, "closed");
        return await redirectWithToast(back, { type: "success", message: "messages:thread.toast.closed" });
      case "reopen":
        await setThreadState(viewer, threadId, "open");
        return await redirectWithToast(back, { type: "success", message: "messages:thread.toast.reopened" });
      case "remove":
        await removeMessage(viewer, submission.value.messageId ?? "");
        return await redirectWithToast(back, { type: "success", message: "messages:thread.toast.removed" });
    }
  } catch (error) {
    return refusal(request, error);
  }
}
