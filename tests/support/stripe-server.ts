import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import Stripe from "stripe";

/**
 * A small Stripe-compatible server on 127.0.0.1 for tests and local runs (no
 * stripe-mock is in any reachable registry). The real `stripe` SDK talks to it when the app runs with
 * `STRIPE_API_BASE=http://127.0.0.1:<port>` (any `STRIPE_SECRET_KEY`, e.g. `sk_test_fake`).
 *
 * The API the app uses:
 * - POST /v1/checkout/sessions (form-encoded like the SDK sends) → a session with `url` =
 *   `<base>/checkout/<id>`; GET /v1/checkout/sessions/:id; POST /v1/checkout/sessions/:id/expire;
 * - GET /v1/payment_intents/:id (with the metadata given as `payment_intent_data[metadata]`);
 * - GET /v1/refunds?charge=… ; POST /v1/refunds `{ payment_intent | charge, amount? }`.
 *
 * The hosted checkout page, GET /checkout/:id, has two buttons (plain HTML forms, no script):
 * **Pay** marks the session complete and paid, POSTs a signed `checkout.session.completed`
 * to the webhook URL, then redirects (303) to the session's success_url with
 * `{CHECKOUT_SESSION_ID}` filled in; **Cancel** redirects to its cancel_url.
 * Webhooks are signed with `stripe.webhooks.generateTestHeaderString` and the webhook secret.
 *
 * Test controls (not Stripe's API; plain POSTs, also usable from Playwright):
 * - POST /_test/sessions/:id/refund (form or JSON `amount` in cents, default all): a refund,
 *   sent as `charge.refunded`;
 * - POST /_test/sessions/:id/expire: sends `checkout.session.expired`;
 * - POST /_test/mode (`mode=paid|processing|fail`): what the next Pay does: paid at once, an
 *   asynchronous payment left processing, or processing then `async_payment_failed`.
 *
 * In a test: `const fake = await startStripeFake({ webhookSecret })`; the signed events it made
 * are in `fake.events` (delivered to `webhookUrl` when one is set), so an integration test can
 * hand them to the route itself, in any order and as often as it likes.
 *
 * Standalone (a second Playwright webServer):
 *   npx tsx tests/support/stripe-server.ts --port 4243 --webhook http://127.0.0.1:3000/api/payments/stripe/webhook --secret whsec_test
 * prints "stripe fake listening on http://127.0.0.1:<port>" once it listens (port 0 picks one).
 */
export type FakeSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  livemode: false;
  /** Not Stripe's: the PaymentIntent's metadata given at creation. */
  _intentMetadata: Record<string, string>;
};

export type FakeEvent = { id: string; type: string; payload: string; header: string; delivered: number | null };

export type PayMode = "paid" | "processing" | "fail";

export type FakeStripe = {
  url: string;
  port: number;
  sessions: Map<string, FakeSession>;
  events: FakeEvent[];
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  setWebhook(url: string | null): void;
  setMode(mode: PayMode): void;
  /** A signed event as Stripe would send it (not delivered). */
  signedEvent(type: string, object: unknown, id?: string): FakeEvent;
  /** What the Pay button does, without a browser. */
  pay(sessionId: string): Promise<FakeSession>;
  refund(sessionId: string, amount?: number): Promise<{ refundId: string; event: FakeEvent }>;
  expire(sessionId: string): Promise<FakeEvent>;
  close(): Promise<void>;
};

const newStripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` form keys into nested objects (arrays for numeric keys). */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return result;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

export async function startStripeFake(options: { port?: number; webhookUrl?: string | null; webhookSecret: string }): Promise<FakeStripe> {
  const sdk = new Stripe("sk_test_fake");
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<
    string,
    { id: string; object: "payment_intent"; amount: number; status: string; metadata: Record<string, string>; latest_charge: string }
  >();
  const refunds: Array<{
    id: string;
    object: "refund";
    amount: number;
    charge: string;
    payment_intent: string;
    status: string;
    metadata: Record<string, string>;
    created: number;
  }> = [];
  const events: FakeEvent[] = [];
  const requests: FakeStripe["requests"] = [];
  let webhookUrl = options.webhookUrl ?? null;
  let mode: PayMode = "paid";
  let base = "";

  function signedEvent(type: string, object: unknown, id = newStripeId("evt")): FakeEvent {
    const payload = JSON.stringify(
      {
        id,
        object: "event",
        api_version: "2025-01-01",
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      },
      null,
      2,
    );
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    return { id, type, payload, header, delivered: null };
  }

  async function send(type: string, object: unknown): Promise<FakeEvent> {
    const event = signedEvent(type, object);
    events.push(event);
    if (webhookUrl) {
      try {
        const response = await fetch(webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": event.header },
          body: event.payload,
        });
        event.delivered = response.status;
      } catch {
        event.delivered = 0;
      }
    }
    return event;
  }

  const publicSession = (session: FakeSession) => {
    const { _intentMetadata: _ignored, ...rest } = session;
    return rest;
  };

  function chargeOf(intentId: string) {
    const intent = intents.get(intentId)!;
    const charged = refunds.filter((refund) => refund.payment_intent === intentId);
    return {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount,
      amount_refunded: charged.reduce((sum, refund) => sum + refund.amount, 0),
      refunded: charged.reduce((sum, refund) => sum + refund.amount, 0) >= intent.amount,
      payment_intent: intentId,
      metadata: intent.metadata,
      refunds: { object: "list", data: charged, has_more: false },
    };
  }

  async function pay(sessionId: string): Promise<FakeSession> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== "open") return session;
    const intentId = newStripeId("pi");
    intents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount: session.amount_total,
      status: mode === "paid" ? "succeeded" : "processing",
      metadata: session._intentMetadata,
      latest_charge: newStripeId("ch"),
    });
    session.status = "complete";
    session.payment_intent = intentId;
    session.payment_status = mode === "paid" ? "paid" : "unpaid";
    await send("checkout.session.completed", publicSession(session));
    if (mode === "fail") {
      intents.get(intentId)!.status = "requires_payment_method";
      await send("checkout.session.async_payment_failed", publicSession(session));
    }
    return session;
  }

  async function refund(sessionId: string, amount?: number) {
    const session = sessions.get(sessionId);
    if (!session?.payment_intent) throw new Error(`session ${sessionId} is not paid`);
    const intent = intents.get(session.payment_intent)!;
    const made = {
      id: newStripeId("re"),
      object: "refund" as const,
      amount: amount ?? intent.amount,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      status: "succeeded",
      metadata: {},
      created: now(),
    };
    refunds.push(made);
    const event = await send("charge.refunded", chargeOf(intent.id));
    return { refundId: made.id, event };
  }

  async function expire(sessionId: string): Promise<FakeEvent> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status === "open") {
      session.status = "expired";
      session.url = null;
    }
    return send("checkout.session.expired", publicSession(session));
  }

  function createSession(body: Record<string, unknown>): FakeSession {
    const items = (body.line_items as Array<{ quantity?: string; price_data?: { unit_amount?: string; currency?: string } }> | undefined) ?? [];
    const amount = items.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
    const id = newStripeId("cs");
    const session: FakeSession = {
      id,
      object: "checkout.session",
      mode: String(body.mode ?? "payment"),
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency: String(items[0]?.price_data?.currency ?? "usd"),
      customer_email: (body.customer_email as string | undefined) ?? null,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: String(body.success_url ?? ""),
      cancel_url: String(body.cancel_url ?? ""),
      url: `${base}/checkout/${id}`,
      created: now(),
      livemode: false,
      _intentMetadata: (body.payment_intent_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", base || "http://127.0.0.1");
        const text = Buffer.concat(chunks).toString("utf8");
        const body = (req.headers["content-type"] ?? "").includes("json") && text ? (JSON.parse(text) as Record<string, unknown>) : decodeStripeForm(text);
        requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, body });
        const sendJson = (status: number, value: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(value));
        };
        const missing = (what: string) => sendJson(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } });
        const redirect = (location: string) => {
          res.writeHead(303, { location });
          res.end();
        };
        const path = url.pathname;
        let match: RegExpMatchArray | null;
        try {
          if (req.method === "POST" && path === "/v1/checkout/sessions") return sendJson(200, publicSession(createSession(body)));
          if (path === "/v1/checkout/sessions" && req.method === "GET") {
            const intent = url.searchParams.get("payment_intent");
            const data = [...sessions.values()].filter((session) => !intent || session.payment_intent === intent).map(publicSession);
            return sendJson(200, { object: "list", url: "/v1/checkout/sessions", has_more: false, data });
          }
          if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/)) && req.method === "GET") {
            const session = sessions.get(match[1]!);
            return session ? sendJson(200, publicSession(session)) : missing("checkout.session");
          }
          if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/)) && req.method === "POST") {
            const session = sessions.get(match[1]!);
            if (!session) return missing("checkout.session");
            if (session.status === "open") {
              session.status = "expired";
              session.url = null;
            }
            return sendJson(200, publicSession(session));
          }
          if ((match = path.match(/^\/v1\/payment_intents\/([\w-]+)$/)) && req.method === "GET") {
            const intent = intents.get(match[1]!);
            return intent ? sendJson(200, intent) : missing("payment_intent");
          }
          if (path === "/v1/refunds" && req.method === "GET") {
            const charge = url.searchParams.get("charge");
            return sendJson(200, {
              object: "list",
              url: "/v1/refunds",
              has_more: false,
              data: refunds.filter((refund) => !charge || refund.charge === charge),
            });
          }
          if (path === "/v1/refunds" && req.method === "POST") {
            const intentId = (body.payment_intent as string | undefined) ?? [...intents.values()].find((intent) => intent.latest_charge === body.charge)?.id;
            const session = [...sessions.values()].find((candidate) => candidate.payment_intent === intentId);
            if (!session) return missing("payment_intent");
            const made = await refund(session.id, body.amount ? Number(body.amount) : undefined);
            return sendJson(
              200,
              refunds.find((candidate) => candidate.id === made.refundId),
            );
          }
          // ——— the hosted checkout page ———
          if ((match = path.match(/^\/checkout\/([\w-]+)$/)) && req.method === "GET") {
            const session = sessions.get(match[1]!);
            if (!session || session.status !== "open") {
              res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
              return res.end("<!doctype html><title>Checkout</title><p>This checkout session is no longer open.</p>");
            }
            const amount = `$${Math.floor(session.amount_total / 100)}.${String(session.amount_total % 100).padStart(2, "0")}`;
            res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
            return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head><body>
<main><h1>Test checkout</h1><p>Amount: <strong data-testid="amount">${escapeHtml(amount)}</strong></p>
<p>${escapeHtml(session.customer_email ?? "")}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${session.id}/cancel"><button type="submit">Cancel</button></form></main></body></html>`);
          }
          if ((match = path.match(/^\/checkout\/([\w-]+)\/pay$/)) && req.method === "POST") {
            const session = sessions.get(match[1]!);
            if (!session) return missing("checkout.session");
            await pay(session.id);
            return redirect(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
          }
          if ((match = path.match(/^\/checkout\/([\w-]+)\/cancel$/)) && req.method === "POST") {
            const session = sessions.get(match[1]!);
            if (!session) return missing("checkout.session");
            return redirect(session.cancel_url);
          }
          // ——— test controls ———
          if ((match = path.match(/^\/_test\/sessions\/([\w-]+)\/refund$/)) && req.method === "POST") {
            const made = await refund(match[1]!, body.amount ? Number(body.amount) : undefined);
            return sendJson(200, { refundId: made.refundId, delivered: made.event.delivered });
          }
          if ((match = path.match(/^\/_test\/sessions\/([\w-]+)\/expire$/)) && req.method === "POST") {
            const event = await expire(match[1]!);
            return sendJson(200, { delivered: event.delivered });
          }
          if (path === "/_test/mode" && req.method === "POST") {
            const next = String(body.mode ?? "");
            if (next !== "paid" && next !== "processing" && next !== "fail") return sendJson(400, { error: { message: "mode is paid, processing or fail" } });
            mode = next;
            return sendJson(200, { mode });
          }
          if (path === "/_test/sessions" && req.method === "GET") return sendJson(200, { sessions: [...sessions.values()].map(publicSession) });
          return sendJson(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
        } catch (error) {
          return sendJson(500, { error: { type: "api_error", message: String(error) } });
        }
      })();
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    sessions,
    events,
    requests,
    setWebhook: (next) => {
      webhookUrl = next;
    },
    setMode: (next) => {
      mode = next;
    },
    signedEvent,
    pay,
    refund,
    expire,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Standalone: tsx tests/support/stripe-server.ts --port N --webhook URL --secret S
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const fake = await startStripeFake({
    port: Number(value("port") ?? process.env.STRIPE_FAKE_PORT ?? 0),
    webhookUrl: value("webhook") ?? process.env.STRIPE_FAKE_WEBHOOK ?? null,
    webhookSecret: value("secret") ?? process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_test",
  });
  console.log(`stripe fake listening on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
