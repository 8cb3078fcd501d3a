import { json } from "@remix-run/node";
import { parseReportListQuery, ReportCreateApiSchema } from "~/features/reports";
import { createReport, getReport, listReports } from "~/features/reports/index.server";
import { requireAdmin, requireFeature } from "~/core/identity/guards.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { pageJson } from "~/lib/pagination";

/** GET /api/reports: staff see all, a client its own (?page, perPage, unread, q) · POST (staff). */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireFeature(request, "reports");
    return pageJson("reports", await listReports(user, parseReportListQuery(new URL(request.url))));
  },
  POST: async ({ request }) => {
    const user = await requireAdmin(request);
    const input = await readApiBody(request, ReportCreateApiSchema);
    const { id } = await createReport(user, input, []);
    return json({ report: await getReport(user, id) }, { status: 201 });
  },
});
