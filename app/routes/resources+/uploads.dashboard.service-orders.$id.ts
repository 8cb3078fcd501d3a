import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/core/identity/guards.server";
import { readUploadForm, respondToDocumentUpload } from "~/features/service-orders/index.server";
import { refusal } from "~/lib/http.server";

/** The staff order page's "add documents" with a progress bar: the page's upload step, answered as JSON. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const id = params.id!;
  try {
    const form = await readUploadForm(request, user.id);
    return await respondToDocumentUpload(request, user, id, form, `/dashboard/service-orders/${id}`, { intent: "upload" });
  } catch (error) {
    return refusal(request, error);
  }
}
