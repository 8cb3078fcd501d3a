import { OrderPatchApiSchema } from "~/features/service-orders";
import { deleteOrder, getOrder, updateOrder } from "~/features/service-orders/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** GET, PATCH, DELETE /api/service-orders/{id}: someone else's order is 404, a write the caller may not make is 403. */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireFeature(request, "service_orders");
    return { order: await getOrder(user, params.id!, await getLanguage(request)) };
  },
  PATCH: async ({ request, params }) => {
    const user = await requireFeature(request, "service_orders");
    const patch = await readApiBody(request, OrderPatchApiSchema);
    await updateOrder(user, params.id!, patch);
    return { order: await getOrder(user, params.id!, await getLanguage(request)) };
  },
  DELETE: async ({ request, params }) => {
    const user = await requireFeature(request, "service_orders");
    await deleteOrder(user, params.id!);
    return { deleted: true };
  },
});
