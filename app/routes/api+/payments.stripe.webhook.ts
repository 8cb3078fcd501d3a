import { handleStripeWebhook } from "~/features/payments/payments.server";
import { apiRoute } from "~/lib/api.server";

/**
 * POST /api/payments/stripe/webhook: Stripe's events, signed with STRIPE_WEBHOOK_SECRET
 * (Stripe-Signature checked on the raw body: 400 when wrong). Each event is applied once;
 * a second delivery answers 200 `{ received: true, duplicate: true }`.
 */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const payload = Buffer.from(await request.arrayBuffer());
    return handleStripeWebhook(payload, request.headers.get("stripe-signature"));
  },
});
