// The payments area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { handleStripeWebhook, readCheckoutState, startCheckout } from "./payments.server";
export { isStripeConfigured } from "./stripe.server";
