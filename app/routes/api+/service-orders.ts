import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiCall } from "~/features/service-orders/errors.server";
import { OrderCreateApiSchema, parseListQuery } from "~/features/service-orders/service-orders.schema";
import { createOrder, getOrder, listOrders } from "~/features/service-orders/service-orders.server";
import { requireFeature } from "~/lib/auth.server";
import { methodNotAllowed, parseApiBody } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/**
 * GET /api/service-orders: staff see every order, a client its own
 * (?page, perPage, status, q, assignee, sort) · POST: a new order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const { items, ...page } = await listOrders(user, parseListQuery(new URL(request.url)), await getLanguage(request));
  return json({ orders: items, ...page });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireFeature(request, "service_orders");
  const input = await parseApiBody(request, OrderCreateApiSchema);
  const language = await getLanguage(request);
  const created = await apiCall(() => createOrder(user, { service: input.serviceId, details: input.details, clientId: input.clientId }, [], language));
  return json({ order: await getOrder(user, created.id, language) }, { status: 201 });
}
