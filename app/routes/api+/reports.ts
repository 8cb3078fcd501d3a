import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiCall, parseApiInput } from "~/features/service-orders/errors.server";
import { parseReportListQuery, ReportCreateApiSchema } from "~/features/reports/reports.schema";
import { createReport, getReport, listReports } from "~/features/reports/reports.server";
import { requireFeature, requireAdmin } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";

/** GET /api/reports: staff see all, a client its own (?page, perPage, unread, q) · POST (staff). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const { items, ...page } = await listReports(user, parseReportListQuery(new URL(request.url)));
  return json({ reports: items, ...page });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireAdmin(request);
  const input = await parseApiInput(request, ReportCreateApiSchema);
  const { id } = await apiCall(() => createReport(user, input, []));
  return json({ report: await getReport(user, id) }, { status: 201 });
}
