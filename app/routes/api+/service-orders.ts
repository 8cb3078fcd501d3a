import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiCall, parseApiInput } from "~/features/service-orders/errors.server";
import { OrderCreateApiSchema, parseListQuery } from "~/features/service-orders/service-orders.schema";
import { createOrder, getOrder, listOrders } from "~/features/service-orders/service-orders.server";
import { readUploadForm } from "~/features/service-orders/uploads.server";
import { requireFeature } from "~/features/auth/guards.server";
import { apiError, methodNotAllowed } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { CheckedUpload } from "~/lib/storage.server";

/**
 * GET /api/service-orders: staff see every order, a client its own
 * (?page, perPage, status, q, assignee, sort) · POST: a new order, as JSON
 * `{ serviceId, details, clientId? }` or as multipart with `documents` files.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const { items, ...page } = await listOrders(user, parseListQuery(new URL(request.url)), await getLanguage(request));
  return json({ orders: items, ...page });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireFeature(request, "service_orders");
  let uploads: CheckedUpload[] = [];
  let body: Request = request;
  if (request.headers.get("content-type")?.includes("multipart/form-data")) {
    const form = await readUploadForm(request, user.id);
    if (form.fileErrors.length > 0) {
      const t = await getFixedT("en", "orders");
      const messages = form.fileErrors.map((error) => t(error.key, { name: error.name, max: error.max }));
      return apiError(400, `documents: ${messages[0]}`, { errors: { documents: messages } });
    }
    uploads = form.uploads;
    body = new Request(request.url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.fields });
  }
  const input = await parseApiInput(body, OrderCreateApiSchema);
  const language = await getLanguage(request);
  const created = await apiCall(() => createOrder(user, { service: input.serviceId, details: input.details, clientId: input.clientId }, uploads, language));
  return json({ order: await getOrder(user, created.id, language) }, { status: 201 });
}
