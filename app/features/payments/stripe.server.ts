import Stripe from "stripe";
import { env } from "~/lib/env.server";

/**
 * The Stripe SDK, configured from the environment (STRIPE_SECRET_KEY; STRIPE_API_BASE points
 * it at another host, e.g. the fake of tests/support/stripe-server.ts on 127.0.0.1). The only
 * module that builds a Stripe client.
 */
let cached: { key: string; client: Stripe } | undefined;

export function isStripeConfigured(): boolean {
  return Boolean(env().stripeSecretKey);
}

export function stripeClient(): Stripe {
  const { stripeSecretKey, stripeApi } = env();
  if (!stripeSecretKey) throw new Error("STRIPE_SECRET_KEY is not set");
  const key = `${stripeSecretKey} ${JSON.stringify(stripeApi)}`;
  if (cached?.key === key) return cached.client;
  const client = new Stripe(stripeSecretKey, {
    ...(stripeApi ? { host: stripeApi.host, port: stripeApi.port, protocol: stripeApi.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  cached = { key, client };
  return client;
}

/** How far a webhook's signing time may be from now, in the past (Stripe's default) and in the future. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Verifies a webhook's signature and parses it (throws when the signature is wrong, too old or from the future). */
export function constructStripeEvent(payload: string | Buffer, signature: string, secret: string): Stripe.Event {
  // Verifying needs no API key; a client made with a placeholder key is enough when none is set.
  const client = env().stripeSecretKey ? stripeClient() : new Stripe("sk_unset");
  const event = client.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  // The SDK refuses a signature older than the tolerance only: one dated ahead (a wrong clock, a
  // header made in advance) would otherwise be replayable until long after it was made.
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!(signedAt <= Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)) throw new Error("the webhook's signing time is in the future");
  return event;
}

export type { Stripe };
