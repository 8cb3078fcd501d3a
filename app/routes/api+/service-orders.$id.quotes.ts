import { json } from "@remix-run/node";
import { requireBillingCaller, requireBillingStaff, createQuote, getQuote, listOrderQuotes } from "~/features/billing/index.server";
import { QuoteApiSchema } from "~/features/billing";
import { apiRoute, readApiBody } from "~/lib/api.server";

/**
 * GET /api/service-orders/{id}/quotes: the order's quotes (its client: sent and decided ones;
 * another client's order is 404). POST (owner and admins): a draft quote
 * `{ lines: [{ kind: item|discount|tax, description, quantity?, unitCents }], validUntil?, note? }`; 201.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireBillingCaller(request);
    return { quotes: await listOrderQuotes(user, params.id!) };
  },
  POST: async ({ request, params }) => {
    const user = await requireBillingStaff(request);
    const input = await readApiBody(request, QuoteApiSchema);
    const { id } = await createQuote(user, params.id!, input);
    return json({ quote: await getQuote(user, id) }, { status: 201 });
  },
});
