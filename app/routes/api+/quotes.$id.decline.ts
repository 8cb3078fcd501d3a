import { requireBillingCaller, declineQuote, getQuote } from "~/features/billing/index.server";
import { QuoteDeclineSchema } from "~/features/billing";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/quotes/{id}/decline (the quote's client): `{ reason? }`. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireBillingCaller(request);
    const { reason } = await readApiBody(request, QuoteDeclineSchema);
    await declineQuote(user, params.id!, reason);
    return { quote: await getQuote(user, params.id!) };
  },
});
