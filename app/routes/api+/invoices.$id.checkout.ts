import { requireBillingCaller } from "~/features/billing/index.server";
import { startCheckout } from "~/features/payments/index.server";
import { apiRoute } from "~/lib/api.server";

/**
 * POST /api/invoices/{id}/checkout (the invoice's client): a Stripe Checkout Session for the
 * balance; answers `{ url, sessionId }` (send the browser to `url`). 409 when online payment is
 * off or nothing is left to pay; another client's invoice is 404.
 */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireBillingCaller(request);
    return startCheckout(user, params.id!);
  },
});
