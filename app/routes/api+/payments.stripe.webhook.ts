import { handleStripeWebhook } from "~/features/payments/index.server";
import { apiRoute } from "~/lib/api.server";

/**
 * POST /api/payments/stripe/webhook: Stripe's events, signed with STRIPE_WEBHOOK_SECRET
 * (Stripe-Signature checked on the raw body: 400 when wrong, or signed more than 5 minutes
 * before or after now). Each event is applied once; a second delivery answers 200
 * `{ received: true, duplicate: true }`. Events of a Checkout session the app did not create,
 * and refunds of its payment, are answered 200 and change nothing.
 */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const payload = Buffer.from(await request.arrayBuffer());
    return handleStripeWebhook(payload, request.headers.get("stripe-signature"));
  },
});
