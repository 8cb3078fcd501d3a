import type { ActionFunctionArgs } from "@remix-run/node";
import { requireFeature } from "~/core/identity/guards.server";
import { readUploadForm, respondToDocumentUpload } from "~/features/service-orders/index.server";
import { refusal } from "~/lib/http.server";

/** The client order page's "add documents" with a progress bar: the page's upload step, answered as JSON. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const id = params.id!;
  try {
    const form = await readUploadForm(request, user.id);
    return await respondToDocumentUpload(request, { id: user.id, role: "client" }, id, form, `/client/service-orders/${id}`);
  } catch (error) {
    return refusal(request, error);
  }
}
