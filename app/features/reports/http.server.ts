import { createFromUploadForm } from "~/features/service-orders/index.server";
import { ReportCreateFormSchema } from "./reports.schema";
import { createReport, type Actor } from "./reports.server";

/** A new report with its attachments, for the page's form and its progress-bar upload alike. */
export async function createReportFromForm(request: Request, actor: Actor): Promise<Response> {
  return createFromUploadForm(request, actor.id, {
    schema: ReportCreateFormSchema,
    fileField: "attachments",
    async create(value, uploads) {
      const { id } = await createReport(actor, { ...value, orderId: value.orderId || null }, uploads);
      return { redirectTo: `/dashboard/reports/${id}`, toast: { type: "success", message: "reports:new.created" } };
    },
  });
}
