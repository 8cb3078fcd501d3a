import {
  addInvoiceEvent,
  getPayableInvoice,
  isBillingStaff,
  type Actor,
  tellPaymentFailed,
  latestPaymentOfClient,
  recordProviderTransaction,
  type LatestPayment,
} from "~/features/billing/index.server";
import type { CheckoutState } from "~/features/billing";
import { AppError, conflict, isAppError, notFound } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { constructStripeEvent, isStripeConfigured, stripeClient, type Stripe } from "./stripe.server";

/**
 * The payment module (docs/decisions/016): one door, two providers.
 *
 * - `manual` (always): staff record what the office received (billing/payments.server.ts).
 * - `stripe` (when STRIPE_SECRET_KEY is set): a client pays an open invoice's balance through
 *   Stripe Checkout. The invoice is marked paid by the signed webhook, or by the success page's
 *   server read of the session, whichever comes first: both record the payment under its
 *   PaymentIntent id, which is unique, so it is recorded once. Each webhook event id is kept
 *   (stripe_events) and a second delivery does nothing; the effects themselves are idempotent
 *   and move forward only, so events out of order (a refund before its checkout's completion,
 *   a completion after an expiry) end in the same state.
 *
 * Tables: checkout_sessions and stripe_events (this module only).
 */
export type PaymentProvider = "manual" | "stripe";

/** "stripe" when online payment is configured; "manual" otherwise (the default). */
export function paymentProvider(): PaymentProvider {
  return isStripeConfigured() ? "stripe" : "manual";
}

/** The providers in use: manual always, stripe when configured. */
export function paymentProviders(): PaymentProvider[] {
  return isStripeConfigured() ? ["manual", "stripe"] : ["manual"];
}

export const successUrl = () => `${env().appUrl}/client/payment-success?session_id={CHECKOUT_SESSION_ID}`;
export const cancelUrl = (invoiceId: string) => `${env().appUrl}/client/invoices/${invoiceId}?checkout=cancelled`;

/**
 * A Checkout Session for the balance of the caller's own open invoice (the open one of the last
 * hour for the same amount, if any); returns where to send the browser. Refused (409) when online payment is not configured or nothing is left to pay;
 * someone else's invoice is "not found".
 */
export async function startCheckout(actor: Actor, invoiceId: string): Promise<{ sessionId: string; url: string }> {
  if (!isStripeConfigured()) throw conflict("billing:errors.onlinePaymentOff");
  const invoice = await getPayableInvoice(actor, invoiceId);
  // A second click (or a second tab) reuses the open session for the same amount: one payment, not two.
  const reusable = await db()
    .selectFrom("checkoutSessions")
    .select(["id", "url"])
    .where("invoiceId", "=", invoice.id)
    .where("clientId", "=", invoice.clientId)
    .where("status", "=", "open")
    .where("amountCents", "=", invoice.balanceCents)
    .where("createdAt", ">", new Date(Date.now() - 60 * 60 * 1000).toISOString())
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  if (reusable?.url) {
    const current = await stripeClient()
      .checkout.sessions.retrieve(reusable.id)
      .catch(() => null);
    if (current?.status === "open" && current.url) return { sessionId: current.id, url: current.url };
    // Paid meanwhile, its webhook not here yet: record it rather than take the money twice.
    if (current?.status === "complete" && current.payment_status === "paid") {
      await applySessionPaid(current);
      throw conflict("billing:errors.notPayable");
    }
  }
  const session = await stripeClient().checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: invoice.currency.toLowerCase(), unit_amount: invoice.balanceCents, product_data: { name: `Invoice ${invoice.number}` } },
      },
    ],
    customer_email: invoice.billToEmail,
    client_reference_id: invoice.id,
    metadata: { invoiceId: invoice.id, clientId: invoice.clientId },
    payment_intent_data: { metadata: { invoiceId: invoice.id, clientId: invoice.clientId } },
    success_url: successUrl(),
    cancel_url: cancelUrl(invoice.id),
  });
  if (!session.url) throw new AppError(503, "billing:errors.providerUnavailable");
  const now = new Date().toISOString();
  await db()
    .insertInto("checkoutSessions")
    .values({
      id: session.id,
      invoiceId: invoice.id,
      clientId: invoice.clientId,
      amountCents: invoice.balanceCents,
      status: "open",
      paymentIntent: null,
      url: session.url,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await addInvoiceEvent(db(), {
    invoiceId: invoice.id,
    type: "checkout_started",
    actorId: actor.id,
    amountCents: invoice.balanceCents,
    meta: { sessionId: session.id },
  });
  return { sessionId: session.id, url: session.url };
}

export type CheckoutResult = {
  state: CheckoutState;
  invoiceId: string;
  invoiceNumber: string | null;
  amountCents: number;
  /** The invoice's status after this read (paid once the payment is recorded). */
  invoiceStatus: string;
};

const paymentIntentId = (value: string | Stripe.PaymentIntent | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * The real state of a Checkout Session, read from Stripe on the server (never from the query
 * string), for /client/payment-success: paid (and recorded now if the webhook has not yet),
 * processing (an asynchronous method still settling), failed, or cancelled (expired or never
 * completed). A client reads only its own sessions; staff any.
 */
export async function readCheckoutState(actor: Actor, sessionId: string): Promise<CheckoutResult> {
  if (!isStripeConfigured()) throw notFound("billing:errors.sessionNotFound");
  let query = db().selectFrom("checkoutSessions").selectAll().where("id", "=", sessionId);
  if (!isBillingStaff(actor)) query = query.where("clientId", "=", actor.id);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound("billing:errors.sessionNotFound");
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    logger.error({ err: error, sessionId }, "checkout session read failed");
    throw new AppError(503, "billing:errors.providerUnavailable");
  }
  let state: CheckoutState;
  if (session.status === "complete" && (session.payment_status === "paid" || session.payment_status === "no_payment_required")) {
    await applySessionPaid(session);
    state = "paid";
  } else if (session.status === "complete") {
    const current = await db().selectFrom("checkoutSessions").select("status").where("id", "=", sessionId).executeTakeFirst();
    state = current?.status === "failed" ? "failed" : "processing";
  } else {
    state = "cancelled";
  }
  const invoice = await db().selectFrom("invoices").select(["number", "status"]).where("id", "=", row.invoiceId).executeTakeFirstOrThrow();
  return { state, invoiceId: row.invoiceId, invoiceNumber: invoice.number, amountCents: row.amountCents, invoiceStatus: invoice.status };
}

/**
 * The invoice a session pays: our own row's. A session the app never created (another app on
 * the same Stripe account, a payment link) pays nothing here, whatever its metadata says.
 */
async function invoiceOfSession(session: Stripe.Checkout.Session): Promise<string | null> {
  const row = await db().selectFrom("checkoutSessions").select("invoiceId").where("id", "=", session.id).executeTakeFirst();
  return row?.invoiceId ?? null;
}

/** Records a paid session's payment once (keyed by its PaymentIntent, else the session id). */
async function applySessionPaid(session: Stripe.Checkout.Session): Promise<void> {
  const invoiceId = await invoiceOfSession(session);
  if (!invoiceId) {
    logger.warn({ sessionId: session.id }, "a paid checkout session names no invoice of ours");
    return;
  }
  const intent = paymentIntentId(session.payment_intent);
  const amount = session.amount_total ?? 0;
  await db()
    .updateTable("checkoutSessions")
    .set({ status: "paid", paymentIntent: intent, updatedAt: new Date().toISOString() })
    .where("id", "=", session.id)
    .execute();
  if (amount > 0) {
    await recordProviderTransaction({
      invoiceId,
      kind: "payment",
      amountCents: amount,
      provider: "stripe",
      externalId: intent ?? session.id,
      reference: intent ?? session.id,
    });
  }
}

/** A session whose payment is still settling (asynchronous methods); never moves a paid or failed one back. */
async function markSession(sessionId: string, status: "processing" | "expired" | "failed", from: string[]): Promise<boolean> {
  const moved = await db()
    .updateTable("checkoutSessions")
    .set({ status, updatedAt: new Date().toISOString() })
    .where("id", "=", sessionId)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * The invoice a PaymentIntent paid: a recorded payment, or one of our sessions (known by the
 * intent, or, before its completion arrived, found through Stripe's list of sessions by intent).
 * An intent of no session of ours names no invoice, whatever its metadata says.
 */
async function invoiceOfPaymentIntent(intent: string | null): Promise<string | null> {
  if (!intent) return null;
  const payment = await db().selectFrom("payments").select("invoiceId").where("externalId", "=", intent).executeTakeFirst();
  if (payment) return payment.invoiceId;
  const known = await db().selectFrom("checkoutSessions").select("invoiceId").where("paymentIntent", "=", intent).executeTakeFirst();
  if (known) return known.invoiceId;
  const listed = await stripeClient().checkout.sessions.list({ payment_intent: intent, limit: 1 });
  const session = listed.data[0];
  return session ? invoiceOfSession(session) : null;
}

async function applyRefund(refund: Stripe.Refund): Promise<void> {
  if (refund.status !== "succeeded" || !Number.isSafeInteger(refund.amount) || refund.amount <= 0) return;
  const invoiceId = await invoiceOfPaymentIntent(paymentIntentId(refund.payment_intent as string | Stripe.PaymentIntent | null));
  if (!invoiceId) {
    logger.warn({ refundId: refund.id }, "a Stripe refund names no invoice of ours");
    return;
  }
  await recordProviderTransaction({ invoiceId, kind: "refund", amountCents: refund.amount, provider: "stripe", externalId: refund.id, reference: refund.id });
}

/** Applies one verified event (idempotent on its own; see handleStripeWebhook for the once-only guard). */
async function applyEvent(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required") await applySessionPaid(session);
      else await markSession(session.id, "processing", ["open", "expired"]);
      return;
    }
    case "checkout.session.async_payment_succeeded":
      await applySessionPaid(event.data.object);
      return;
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      if (await markSession(session.id, "failed", ["open", "processing", "expired"])) {
        const invoiceId = await invoiceOfSession(session);
        if (invoiceId) {
          await addInvoiceEvent(db(), { invoiceId, type: "payment_failed", amountCents: session.amount_total ?? null, meta: { sessionId: session.id } });
          await tellPaymentFailed(invoiceId, session.amount_total ?? 0).catch((error: unknown) =>
            logger.error({ err: error, invoiceId }, "payment failed message failed"),
          );
        }
      }
      return;
    }
    case "checkout.session.expired":
      // Only an open session expires: a completion that arrived first stays.
      await markSession(event.data.object.id, "expired", ["open"]);
      return;
    case "charge.refunded": {
      const charge = event.data.object;
      const refunds = charge.refunds?.data ?? (await stripeClient().refunds.list({ charge: charge.id, limit: 100 })).data;
      for (const refund of refunds) await applyRefund({ ...refund, payment_intent: refund.payment_intent ?? charge.payment_intent });
      return;
    }
    case "refund.created":
    case "refund.updated":
    case "charge.refund.updated":
      await applyRefund(event.data.object);
      return;
    default:
      return;
  }
}

/**
 * The webhook (POST /api/payments/stripe/webhook): the raw body and its Stripe-Signature,
 * checked with STRIPE_WEBHOOK_SECRET (400 when wrong). An event already handled answers
 * `duplicate: true` and changes nothing; an event whose handling fails is not kept, so
 * Stripe's retry handles it again.
 */
export async function handleStripeWebhook(payload: string | Buffer, signature: string | null): Promise<{ received: true; duplicate: boolean; type: string }> {
  const secret = env().stripeWebhookSecret;
  if (!secret) throw new AppError(503, "billing:errors.webhookNotConfigured");
  if (!signature) throw new AppError(400, "billing:errors.badSignature");
  let event: Stripe.Event;
  try {
    event = constructStripeEvent(payload, signature, secret);
  } catch {
    throw new AppError(400, "billing:errors.badSignature");
  }
  const seen = await db().selectFrom("stripeEvents").select("id").where("id", "=", event.id).executeTakeFirst();
  if (seen) return { received: true, duplicate: true, type: event.type };
  await applyEvent(event);
  const inserted = await db()
    .insertInto("stripeEvents")
    .values({ id: event.id, type: event.type, receivedAt: new Date().toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return { received: true, duplicate: Number(inserted.numInsertedOrUpdatedRows ?? 1n) === 0, type: event.type };
}

export type PaymentSuccessData = {
  provider: PaymentProvider;
  /** The session's real state, when `session_id` named one of the caller's sessions. */
  checkout: CheckoutResult | null;
  /** True when a `session_id` was given but is not one of the caller's (or Stripe is off). */
  unknownSession: boolean;
  /** The caller's latest payment (shown without a session, and beside it). */
  latest: LatestPayment | null;
};

/**
 * What /client/payment-success shows, never a 404: with `session_id`, the session's state read
 * from Stripe (a foreign or unknown id is `unknownSession`); always the client's latest payment.
 * A provider outage (503) is thrown: the page says to try again.
 */
export async function loadPaymentSuccess(actor: Actor, sessionId: string | null): Promise<PaymentSuccessData> {
  let checkout: CheckoutResult | null = null;
  let unknownSession = false;
  if (sessionId) {
    try {
      checkout = await readCheckoutState(actor, sessionId);
    } catch (error) {
      if (!isAppError(error) || error.status !== 404) throw error;
      unknownSession = true;
    }
  }
  return { provider: paymentProvider(), checkout, unknownSession, latest: await latestPaymentOfClient(actor.id) };
}
