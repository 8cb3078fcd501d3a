import type { ActionFunctionArgs } from "@remix-run/node";
import { clientIp } from "~/lib/http.server";
import { OrderStatusApiSchema } from "~/features/service-orders";
import { changeOrderStatus, getOrder } from "~/features/service-orders/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/**
 * PUT or PATCH /api/service-orders/{id}/status/{status} with an optional
 * `{ note }`: moves the order if the state machine and the caller's role allow it
 * (409 for a transition the machine refuses, 403 for one the caller may not make).
 */
async function move({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const { note } = await readApiBody(request, OrderStatusApiSchema);
  const change = await changeOrderStatus({ ...user, ip: clientIp(request) }, params.id!, params.status!, note);
  return { ...change, order: await getOrder(user, params.id!, await getLanguage(request)) };
}

export const { loader, action } = apiRoute({ PUT: move, PATCH: move });
