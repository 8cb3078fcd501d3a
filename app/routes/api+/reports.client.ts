import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseReportListQuery } from "~/features/reports/reports.schema";
import { listReports } from "~/features/reports/reports.server";
import { requireFeature } from "~/features/auth/guards.server";

/** GET /api/reports/client: the caller's own reports. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const { items, ...page } = await listReports({ id: user.id, role: "client" }, parseReportListQuery(new URL(request.url)));
  return json({ reports: items, ...page });
}
