import { requireBillingCaller, getInvoice, acceptQuote, getQuote } from "~/features/billing/index.server";
import { apiRoute } from "~/lib/api.server";

/** POST /api/quotes/{id}/accept (the quote's client): accepted, and its invoice issued at once; answers both. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireBillingCaller(request);
    const { invoiceId } = await acceptQuote(user, params.id!);
    return { quote: await getQuote(user, params.id!), invoice: await getInvoice(user, invoiceId) };
  },
});
