import { requireBillingCaller, requireBillingStaff, getQuote, updateQuote } from "~/features/billing/index.server";
import { QuoteApiSchema } from "~/features/billing";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** GET /api/quotes/{id} (its client, or staff) · PATCH (owner and admins): a draft or sent quote's lines, validUntil, note. */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireBillingCaller(request);
    return { quote: await getQuote(user, params.id!) };
  },
  PATCH: async ({ request, params }) => {
    const user = await requireBillingStaff(request);
    await updateQuote(user, params.id!, await readApiBody(request, QuoteApiSchema));
    return { quote: await getQuote(user, params.id!) };
  },
});
