import { requireBillingStaff, listPayments } from "~/features/billing/index.server";
import { parsePaymentListQuery } from "~/features/billing";
import { apiRoute } from "~/lib/api.server";
import { pageJson } from "~/lib/pagination";

/** GET /api/payments (owner and admins): payments and refunds, newest first (?kind, method, clientId, invoiceId, from, to, page, perPage). */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireBillingStaff(request);
    return pageJson("payments", await listPayments(user, parsePaymentListQuery(new URL(request.url))));
  },
});
