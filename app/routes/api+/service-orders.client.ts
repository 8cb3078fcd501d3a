import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseListQuery } from "~/features/service-orders/service-orders.schema";
import { listOrders } from "~/features/service-orders/service-orders.server";
import { requireFeature } from "~/features/auth/guards.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** GET /api/service-orders/client: the caller's own orders (staff included: the ones they placed as a client). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  // As a client whatever the role, so the list is always the caller's own.
  const { items, ...page } = await listOrders({ id: user.id, role: "client" }, parseListQuery(new URL(request.url)), await getLanguage(request));
  return json({ orders: items, ...page });
}
