import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiCall, parseApiInput } from "~/features/service-orders/errors.server";
import { OrderStatusApiSchema } from "~/features/service-orders/service-orders.schema";
import { changeOrderStatus, getOrder } from "~/features/service-orders/service-orders.server";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/**
 * PUT or PATCH /api/service-orders/{id}/status/{status} with an optional
 * `{ note }`: moves the order if the state machine and the caller's role allow it
 * (409 for a transition the machine refuses, 403 for one the caller may not make).
 */
export async function loader() {
  return methodNotAllowed(["PUT", "PATCH"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "PATCH") return methodNotAllowed(["PUT", "PATCH"]);
  const user = await requireFeature(request, "service_orders");
  const { note } = await parseApiInput(request, OrderStatusApiSchema);
  const change = await apiCall(() => changeOrderStatus(user, params.id!, params.status!, note));
  return json({ ...change, order: await getOrder(user, params.id!, await getLanguage(request)) });
}
