import { json } from "@remix-run/node";
import { documentsRefusal, readUploadForm, createOrder, getOrder, listOrders } from "~/features/service-orders/index.server";
import { OrderCreateApiSchema, parseOrderListQuery } from "~/features/service-orders";
import { requireFeature } from "~/core/identity/guards.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { pageJson } from "~/lib/pagination";
import type { CheckedUpload } from "~/lib/storage.server";

/**
 * GET /api/service-orders: staff see every order, a client its own
 * (?page, perPage, status, q, assignee, sort) · POST: a new order, as JSON
 * `{ serviceId, details, clientId? }` or as multipart with `documents` files.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireFeature(request, "service_orders");
    return pageJson("orders", await listOrders(user, parseOrderListQuery(new URL(request.url)), await getLanguage(request)));
  },
  POST: async ({ request }) => {
    const user = await requireFeature(request, "service_orders");
    let uploads: CheckedUpload[] = [];
    let body: Request = request;
    if (request.headers.get("content-type")?.includes("multipart/form-data")) {
      const form = await readUploadForm(request, user.id);
      if (form.fileErrors.length > 0) throw documentsRefusal(form.fileErrors);
      uploads = form.uploads;
      body = new Request(request.url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.fields });
    }
    const input = await readApiBody(body, OrderCreateApiSchema);
    const language = await getLanguage(request);
    const created = await createOrder(user, { service: input.serviceId, details: input.details, clientId: input.clientId }, uploads, language);
    return json({ order: await getOrder(user, created.id, language) }, { status: 201 });
  },
});
