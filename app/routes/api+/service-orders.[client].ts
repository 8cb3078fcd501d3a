import { requireFeature } from "~/core/identity/guards.server";
import { parseOrderListQuery } from "~/features/service-orders";
import { listOrders } from "~/features/service-orders/index.server";
import { apiRoute } from "~/lib/api.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/service-orders/client: the caller's own orders (staff included: the ones they placed as a client).
 * The file name escapes `.client` ([client]): Remix would otherwise treat the module as browser-only.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireFeature(request, "service_orders");
    // As a client whatever the role, so the list is always the caller's own.
    return pageJson("orders", await listOrders({ id: user.id, role: "client" }, parseOrderListQuery(new URL(request.url)), await getLanguage(request)));
  },
});
