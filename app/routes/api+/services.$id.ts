import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiCall, parseApiInput } from "~/features/service-orders/errors.server";
import { ServiceUpdateSchema } from "~/features/services/services.schema";
import { deleteService, getService, updateService } from "~/features/services/services.server";
import { getUser, requireAdmin } from "~/features/auth/guards.server";
import { isAdminRole } from "~/lib/features";
import { apiError, methodNotAllowed } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** GET /api/services/{id or key} (public) · PATCH, DELETE (staff). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const service = await getService(params.id!, await getLanguage(request), { includeInactive: Boolean(user && isAdminRole(user.role)) });
  if (!service) return apiError(404, "Service not found");
  return json({ service });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const user = await requireAdmin(request);
  if (request.method === "DELETE") {
    const result = await apiCall(() => deleteService(user, params.id!));
    return json(result);
  }
  const input = await parseApiInput(request, ServiceUpdateSchema);
  const service = await apiCall(async () => updateService(user, params.id!, input, await getLanguage(request)));
  return json({ service });
}
