import type { ActionFunctionArgs } from "@remix-run/node";
import { requireFeature } from "~/core/identity/guards.server";
import { createOrderFromForm } from "~/features/service-orders/index.server";

/** The new-order form sent with a progress bar: the page's action, answered as JSON. */
export async function action({ request }: ActionFunctionArgs) {
  return createOrderFromForm(request, await requireFeature(request, "service_orders"));
}
