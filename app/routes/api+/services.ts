import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiCall, parseApiInput } from "~/features/service-orders/errors.server";
import { ServiceCreateSchema } from "~/features/services/services.schema";
import { createService, listServices } from "~/features/services/services.server";
import { getUser, requireAdmin } from "~/features/auth/guards.server";
import { isAdminRole } from "~/lib/features";
import { methodNotAllowed } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** GET /api/services (public; staff add ?all=1 for inactive ones) · POST /api/services (staff). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const all = new URL(request.url).searchParams.get("all") === "1" && Boolean(user && isAdminRole(user.role));
  const services = await listServices(await getLanguage(request), { includeInactive: all });
  return json({ services });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireAdmin(request);
  const input = await parseApiInput(request, ServiceCreateSchema);
  const service = await apiCall(async () => createService(user, input, await getLanguage(request)));
  return json({ service }, { status: 201 });
}
