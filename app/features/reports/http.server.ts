import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { FileError } from "~/features/service-orders";
import { readUploadForm } from "~/features/service-orders/index.server";
import { refusal } from "~/lib/http.server";
import { redirectAfterUpload } from "~/lib/upload-form.server";
import { ReportCreateFormSchema } from "./reports.schema";
import { createReport, type Actor } from "./reports.server";

/** The new-report form's answer: field errors (the typed values and the file errors kept), or the report's page. */
export type NewReportAnswer = { result: SubmissionResult<string[]>; fileErrors: FileError[] };

/** A new report with its attachments, for the page's form and its progress-bar upload alike. */
export async function createReportFromForm(request: Request, actor: Actor): Promise<Response> {
  try {
    const { fields, uploads, fileErrors } = await readUploadForm(request, actor.id, "attachments");
    const submission = parseWithZod(fields, { schema: ReportCreateFormSchema });
    const answer = (result: SubmissionResult<string[]>, errors: FileError[]) => json<NewReportAnswer>({ result, fileErrors: errors }, { status: 400 });
    if (submission.status !== "success") return answer(submission.reply(), fileErrors);
    if (fileErrors.length > 0) return answer(submission.reply({ formErrors: ["orders:files.errors.fix"] }), fileErrors);
    try {
      const { id } = await createReport(actor, { ...submission.value, orderId: submission.value.orderId || null }, uploads);
      return await redirectAfterUpload(request, `/dashboard/reports/${id}`, { type: "success", message: "reports:new.created" });
    } catch (error) {
      return await refusal(request, error, submission, { fileErrors: [] });
    }
  } catch (error) {
    return refusal(request, error);
  }
}
