import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiCall, parseApiInput } from "~/features/service-orders/errors.server";
import { ReportPatchApiSchema } from "~/features/reports/reports.schema";
import { deleteReport, getReport, updateReport } from "~/features/reports/reports.server";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";

/** GET /api/reports/{id} (reading does not mark it read: PUT …/read does) · PATCH, DELETE (staff). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const report = await apiCall(() => getReport(user, params.id!));
  return json({ report });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const user = await requireFeature(request, "reports");
  if (request.method === "DELETE") {
    await apiCall(() => deleteReport(user, params.id!));
    return json({ deleted: true });
  }
  const patch = await parseApiInput(request, ReportPatchApiSchema);
  await apiCall(() => updateReport(user, params.id!, patch));
  return json({ report: await getReport(user, params.id!) });
}
