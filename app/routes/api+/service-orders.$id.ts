import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiCall, parseApiInput } from "~/features/service-orders/errors.server";
import { OrderPatchApiSchema } from "~/features/service-orders/service-orders.schema";
import { deleteOrder, getOrder, updateOrder } from "~/features/service-orders/service-orders.server";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** GET, PATCH, DELETE /api/service-orders/{id}: someone else's order is 404, a write the caller may not make is 403. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const order = await apiCall(async () => getOrder(user, params.id!, await getLanguage(request)));
  return json({ order });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const user = await requireFeature(request, "service_orders");
  if (request.method === "DELETE") {
    await apiCall(() => deleteOrder(user, params.id!));
    return json({ deleted: true });
  }
  const patch = await parseApiInput(request, OrderPatchApiSchema);
  await apiCall(() => updateOrder(user, params.id!, patch));
  return json({ order: await getOrder(user, params.id!, await getLanguage(request)) });
}
