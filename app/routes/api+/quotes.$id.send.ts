import { requireBillingStaff, getQuote, sendQuote } from "~/features/billing/index.server";
import { apiRoute } from "~/lib/api.server";

/** POST /api/quotes/{id}/send (owner and admins): the client is told and may accept or decline. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireBillingStaff(request);
    await sendQuote(user, params.id!);
    return { quote: await getQuote(user, params.id!) };
  },
});
