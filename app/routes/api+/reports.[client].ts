import { requireFeature } from "~/core/identity/guards.server";
import { parseReportListQuery } from "~/features/reports";
import { listReports } from "~/features/reports/index.server";
import { apiRoute } from "~/lib/api.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/reports/client: the caller's own reports, whatever their role.
 * The file name escapes `.client` ([client]): Remix would otherwise treat the module as browser-only.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireFeature(request, "reports");
    return pageJson("reports", await listReports({ id: user.id, role: "client" }, parseReportListQuery(new URL(request.url))));
  },
});
