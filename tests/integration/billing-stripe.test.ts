import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createInvoiceFromOrder, getInvoice, issueInvoice, type Actor } from "~/features/billing/invoices.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { loadPaymentSuccess, paymentProvider, readCheckoutState, startCheckout } from "~/features/payments/payments.server";
import { stripeClient } from "~/features/payments/stripe.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import { resetEnvForTests } from "~/lib/env.server";
import * as checkoutRoute from "~/routes/api+/invoices.$id.checkout";
import * as invoiceRoute from "~/routes/api+/invoices.$id";
import * as webhookRoute from "~/routes/api+/payments.stripe.webhook";
import { describeEachDialect } from "../setup/database";
import { callJson } from "../support/api";
import { makeCast, type Cast } from "../support/factories";
import { latestMailTo } from "../support/mail";
import { startStripeFake, type FakeEvent, type FakeStripe } from "../support/stripe-server";

const SECRET = "whsec_test_billing";
const actor = (user: { id: string; role: string }): Actor => ({ id: user.id, role: user.role });

/** Hands a signed event to the webhook route as Stripe would POST it (the raw body). */
async function deliver(event: Pick<FakeEvent, "payload" | "header">, signature = event.header) {
  const request = new Request("http://localhost:3000/api/payments/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: event.payload,
  });
  const response = (await webhookRoute.action({ request, params: {}, context: {} })) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describeEachDialect("billing: Stripe Checkout against the fake server, with the real SDK", (db) => {
  let fake: FakeStripe;
  let cast: Cast;
  let admin: Actor;
  let clientA: Actor;
  let orderId: string;

  beforeAll(async () => {
    fake = await startStripeFake({ webhookSecret: SECRET });
    process.env.STRIPE_SECRET_KEY = "sk_test_fake";
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
    process.env.STRIPE_API_BASE = fake.url;
    resetEnvForTests();
    await seedPublicContent(db());
    cast = await makeCast(db());
    admin = actor(cast.admin);
    clientA = actor(cast.clientA);
    ({ id: orderId } = await createOrder(cast.clientA, { service: "notary", details: "Notarise a power of attorney." }, [], "en"));
  });

  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE;
    resetEnvForTests();
    await fake.close();
  });

  const openInvoice = async (cents: number) => {
    const { id } = await createInvoiceFromOrder(admin, orderId, { lines: [{ kind: "item", description: "Notary", quantity: 1, unitCents: cents }] });
    await issueInvoice(admin, id, { notify: false });
    return id;
  };
  const paymentsOf = (invoiceId: string) =>
    db().selectFrom("payments").select(["kind", "amountCents", "externalId"]).where("invoiceId", "=", invoiceId).orderBy("createdAt").execute();

  it("is the provider once STRIPE_SECRET_KEY is set", () => {
    expect(paymentProvider()).toBe("stripe");
  });

  it("a client pays its own invoice; another client can neither read nor pay it", async () => {
    const invoiceId = await openInvoice(4_250);
    const refused = await callJson(checkoutRoute.action, {
      path: `/api/invoices/${invoiceId}/checkout`,
      method: "POST",
      as: cast.clientB,
      params: { id: invoiceId },
    });
    expect(refused.status).toBe(404);
    expect((await callJson(invoiceRoute.loader, { path: `/api/invoices/${invoiceId}`, as: cast.clientB, params: { id: invoiceId } })).status).toBe(404);
    const staff = await callJson(checkoutRoute.action, {
      path: `/api/invoices/${invoiceId}/checkout`,
      method: "POST",
      as: cast.admin,
      params: { id: invoiceId },
    });
    expect(staff.status).toBe(403);

    const started = await callJson<{ url: string; sessionId: string }>(checkoutRoute.action, {
      path: `/api/invoices/${invoiceId}/checkout`,
      method: "POST",
      as: cast.clientA,
      params: { id: invoiceId },
    });
    expect(started.status).toBe(200);
    expect(started.body.url).toBe(`${fake.url}/checkout/${started.body.sessionId}`);
    // A second click reuses the open session: one payment, not two.
    expect((await startCheckout(clientA, invoiceId)).sessionId).toBe(started.body.sessionId);
    const session = fake.sessions.get(started.body.sessionId)!;
    expect(session).toMatchObject({
      amount_total: 4_250,
      metadata: { invoiceId },
      success_url: "http://localhost:3000/client/payment-success?session_id={CHECKOUT_SESSION_ID}",
    });
    expect(session.cancel_url).toBe(`http://localhost:3000/client/invoices/${invoiceId}?checkout=cancelled`);

    // The hosted page: Pay redirects to the success page with the session's id.
    const page = await fetch(started.body.url);
    expect(await page.text()).toMatch(/<button type="submit">Pay<\/button>[\s\S]*<button type="submit">Cancel<\/button>/);
    const paid = await fetch(`${started.body.url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost:3000/client/payment-success?session_id=${started.body.sessionId}`);

    // The success page's server read finds it paid before any webhook arrived, and records it.
    await expect(readCheckoutState(actor(cast.clientB), started.body.sessionId)).rejects.toMatchObject({ status: 404 });
    expect(await readCheckoutState(clientA, started.body.sessionId)).toMatchObject({ state: "paid", invoiceId, amountCents: 4_250, invoiceStatus: "paid" });
    // Then the webhook: the same payment, recorded once; the same event twice is applied once.
    const completed = fake.events.find((event) => event.type === "checkout.session.completed")!;
    expect(await deliver(completed)).toEqual({ status: 200, body: { received: true, duplicate: false, type: "checkout.session.completed" } });
    expect((await deliver(completed)).body).toMatchObject({ duplicate: true });
    expect(await readCheckoutState(clientA, started.body.sessionId)).toMatchObject({ state: "paid" });
    expect(await paymentsOf(invoiceId)).toEqual([{ kind: "payment", amountCents: 4_250, externalId: session.payment_intent }]);
    expect(await getInvoice(clientA, invoiceId)).toMatchObject({ status: "paid", balanceCents: 0 });
    expect(latestMailTo(process.env.DATA_DIR!, cast.clientA.email)?.subject).toContain("Reçu pour la facture");
    // The success page's data: never a 404, whatever the session id.
    expect(await loadPaymentSuccess(clientA, started.body.sessionId)).toMatchObject({
      provider: "stripe",
      unknownSession: false,
      checkout: { state: "paid" },
      latest: { invoiceId, amountCents: 4_250 },
    });
    expect(await loadPaymentSuccess(actor(cast.clientB), started.body.sessionId)).toMatchObject({ checkout: null, unknownSession: true, latest: null });
    expect(await loadPaymentSuccess(clientA, null)).toMatchObject({ checkout: null, unknownSession: false, latest: { invoiceId } });
    // Paid: nothing left to pay.
    await expect(startCheckout(clientA, invoiceId)).rejects.toMatchObject({ status: 409 });
  });

  it("a second checkout of an invoice paid meanwhile (webhook not yet here) records the payment instead of taking it twice", async () => {
    const invoiceId = await openInvoice(1_500);
    const { sessionId } = await startCheckout(clientA, invoiceId);
    await fake.pay(sessionId);
    await expect(startCheckout(clientA, invoiceId)).rejects.toMatchObject({ status: 409 });
    expect(await getInvoice(clientA, invoiceId)).toMatchObject({ status: "paid", balanceCents: 0 });
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
  });

  it("refuses a webhook whose signature is wrong, missing or made with another secret", async () => {
    const event = fake.signedEvent("checkout.session.completed", { id: "cs_x", object: "checkout.session" });
    expect((await deliver(event, "t=1,v1=deadbeef")).status).toBe(400);
    expect((await deliver(event, "")).status).toBe(400);
    expect((await deliver({ payload: event.payload.replace("cs_x", "cs_y"), header: event.header })).status).toBe(400);
    const other = await startStripeFake({ webhookSecret: "whsec_someone_else" });
    try {
      expect((await deliver(other.signedEvent("checkout.session.completed", { id: "cs_z" }))).status).toBe(400);
    } finally {
      await other.close();
    }
  });

  it("refuses a signature dated beyond the tolerance, in the past or in the future", async () => {
    const sdk = new Stripe("sk_test_fake");
    const event = fake.signedEvent("customer.created", { id: "cus_x", object: "customer" });
    const signedAt = (offsetSeconds: number) =>
      sdk.webhooks.generateTestHeaderString({ payload: event.payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) + offsetSeconds });
    expect((await deliver(event, signedAt(-600))).status).toBe(400);
    expect((await deliver(event, signedAt(600))).status).toBe(400);
    expect((await deliver(event, signedAt(24 * 3600))).status).toBe(400);
    // A clock a minute apart is within the tolerance.
    expect((await deliver(event, signedAt(60))).status).toBe(200);
  });

  it("ignores a Checkout session the app never created, and refunds of its payment, whatever their metadata names", async () => {
    const invoiceId = await openInvoice(5_000);
    const metadata = { invoiceId, clientId: cast.clientA.id };
    // Made on the same Stripe account by something else than the app: no row of ours.
    const foreign = await stripeClient().checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "Something else" } } }],
      client_reference_id: invoiceId,
      metadata,
      payment_intent_data: { metadata },
      success_url: "http://127.0.0.1/success",
      cancel_url: "http://127.0.0.1/cancel",
    });
    await fake.pay(foreign.id);
    const completed = fake.events.at(-1)!;
    const { event: refunded } = await fake.refund(foreign.id, 100);
    const intent = fake.sessions.get(foreign.id)!.payment_intent;
    const refundCreated = fake.signedEvent("refund.created", {
      id: "re_test_foreign",
      object: "refund",
      amount: 100,
      status: "succeeded",
      payment_intent: intent,
      metadata,
    });
    for (const event of [completed, refunded, refundCreated]) expect([event.type, (await deliver(event)).status]).toEqual([event.type, 200]);
    expect(await getInvoice(admin, invoiceId)).toMatchObject({ status: "open", paidCents: 0, balanceCents: 5_000 });
    expect(await paymentsOf(invoiceId)).toEqual([]);
  });

  it("applies events out of order: a refund before its completion, an expiry after it", async () => {
    const invoiceId = await openInvoice(10_000);
    const { sessionId } = await startCheckout(clientA, invoiceId);
    await fake.pay(sessionId);
    const completed = fake.events.at(-1)!;
    const { event: refunded } = await fake.refund(sessionId, 3_000);
    const expired = fake.signedEvent("checkout.session.expired", { ...fake.sessions.get(sessionId), status: "expired" });

    expect((await deliver(refunded)).status).toBe(200);
    expect(await getInvoice(admin, invoiceId)).toMatchObject({ status: "open", paidCents: -3_000, balanceCents: 13_000 });
    expect((await deliver(completed)).status).toBe(200);
    expect((await deliver(expired)).status).toBe(200);
    expect((await deliver(refunded)).body).toMatchObject({ duplicate: true });
    // The same refund again under another event id (charge.refunded and refund.created both name it): once.
    const refundId = (JSON.parse(refunded.payload) as { data: { object: { refunds: { data: Array<{ id: string }> } } } }).data.object.refunds.data[0]!.id;
    const again = fake.signedEvent("refund.created", {
      id: refundId,
      object: "refund",
      amount: 3_000,
      status: "succeeded",
      payment_intent: fake.sessions.get(sessionId)!.payment_intent,
      metadata: {},
    });
    expect((await deliver(again)).body).toMatchObject({ duplicate: false });
    expect(await getInvoice(admin, invoiceId)).toMatchObject({ status: "open", paidCents: 7_000, refundedCents: 3_000, balanceCents: 3_000 });
    expect((await paymentsOf(invoiceId)).map((row) => [row.kind, row.amountCents])).toEqual([
      ["refund", 3_000],
      ["payment", 10_000],
    ]);
    expect(await readCheckoutState(clientA, sessionId)).toMatchObject({ state: "paid" });
    const history = (await getInvoice(admin, invoiceId)).history.map((event) => event.type);
    expect(history).toEqual(["created", "issued", "checkout_started", "refund", "payment"]);
  });

  it("reads a failed asynchronous payment as failed (the client told once) and a cancelled checkout as cancelled", async () => {
    const invoiceId = await openInvoice(2_000);
    fake.setMode("fail");
    const { sessionId } = await startCheckout(clientA, invoiceId);
    await fake.pay(sessionId);
    fake.setMode("paid");
    const [completed, failed] = fake.events.slice(-2) as [FakeEvent, FakeEvent];
    expect(failed.type).toBe("checkout.session.async_payment_failed");
    await deliver(completed);
    expect(await readCheckoutState(clientA, sessionId)).toMatchObject({ state: "processing", invoiceStatus: "open" });
    await deliver(failed);
    await deliver(fake.signedEvent("checkout.session.async_payment_failed", JSON.parse(failed.payload).data.object));
    expect(await readCheckoutState(clientA, sessionId)).toMatchObject({ state: "failed", invoiceStatus: "open" });
    const told = await db()
      .selectFrom("notifications")
      .select("id")
      .where("userId", "=", cast.clientA.id)
      .where("type", "=", "invoice.payment_failed")
      .execute();
    expect(told).toHaveLength(1);
    expect(latestMailTo(process.env.DATA_DIR!, cast.clientA.email)?.subject).toContain("n’a pas abouti");

    // The failed session is not reused: a new one.
    const cancelled = await startCheckout(clientA, invoiceId);
    expect(cancelled.sessionId).not.toBe(sessionId);
    const back = await fetch(`${cancelled.url}/cancel`, { method: "POST", redirect: "manual" });
    expect(back.headers.get("location")).toBe(`http://localhost:3000/client/invoices/${invoiceId}?checkout=cancelled`);
    expect(await readCheckoutState(clientA, cancelled.sessionId)).toMatchObject({ state: "cancelled", invoiceStatus: "open" });
    expect(await paymentsOf(invoiceId)).toEqual([]);
  });
});
