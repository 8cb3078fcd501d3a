import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiCall } from "~/features/service-orders/errors.server";
import { markReportRead } from "~/features/reports/reports.server";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";

/** PUT /api/reports/{id}/read: the client marks its report read. */
export async function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "PATCH") return methodNotAllowed(["PUT"]);
  const user = await requireFeature(request, "reports");
  const { readAt } = await apiCall(() => markReportRead(user, params.id!));
  return json({ id: params.id, read: true, readAt });
}
