import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder, updateOrder } from "~/features/service-orders/service-orders.server";
import * as invoiceRoute from "~/routes/api+/invoices.$id";
import * as invoicePaymentsRoute from "~/routes/api+/invoices.$id.payments";
import * as invoicesRoute from "~/routes/api+/invoices";
import * as paymentsRoute from "~/routes/api+/payments";
import * as quoteAcceptRoute from "~/routes/api+/quotes.$id.accept";
import * as quoteDeclineRoute from "~/routes/api+/quotes.$id.decline";
import * as quoteRoute from "~/routes/api+/quotes.$id";
import * as quoteSendRoute from "~/routes/api+/quotes.$id.send";
import * as orderQuotesRoute from "~/routes/api+/service-orders.$id.quotes";
import { describeEachDialect } from "../setup/database";
import { callJson } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The billing API's rights (the rights matrix points here): nobody signed in 401; a staff
 * member who is not an admin 403; a client reads only its own invoices and quotes (another's
 * is 404) and never creates, issues, voids or records; the owner and admins do.
 */
describeEachDialect("billing API", (db) => {
  let cast: Cast;
  let staff: TestUser;
  let orderId: string;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    staff = await makeUser(db(), { role: "staff", features: ["tasks", "inbox", "translations", "document_extractor"] });
    ({ id: orderId } = await createOrder(cast.clientA, { service: "bookkeeping", details: "Monthly books." }, [], "en"));
    await updateOrder({ id: cast.admin.id, role: "admin" }, orderId, { priceCents: 30_000 });
  });

  it("quotes: staff create and send; the client reads its own, accepts; another client and staff get nothing", async () => {
    const path = `/api/service-orders/${orderId}/quotes`;
    const body = { lines: [{ kind: "item", description: "Bookkeeping, one month", quantity: 1, unitCents: 30_000 }], validUntil: "2099-01-31" };
    for (const [who, status] of [
      [null, 401],
      [staff, 403],
      [cast.clientA, 403],
      [cast.clientB, 403],
    ] as const) {
      expect((await callJson(orderQuotesRoute.action, { path, method: "POST", as: who, params: { id: orderId }, body })).status).toBe(status);
    }
    expect(
      (
        await callJson(orderQuotesRoute.action, {
          path,
          method: "POST",
          as: cast.admin,
          params: { id: orderId },
          body: { lines: [{ description: "x", unitCents: 10.5 }] },
        })
      ).status,
    ).toBe(400);
    const created = await callJson<Json>(orderQuotesRoute.action, { path, method: "POST", as: cast.admin, params: { id: orderId }, body });
    expect(created.status).toBe(201);
    const quoteId = created.body.quote.id as string;
    expect((await callJson<Json>(orderQuotesRoute.loader, { path, as: cast.clientA, params: { id: orderId } })).body.quotes).toEqual([]);
    expect((await callJson(orderQuotesRoute.loader, { path, as: cast.clientB, params: { id: orderId } })).status).toBe(404);
    expect(
      (await callJson(quoteSendRoute.action, { path: `/api/quotes/${quoteId}/send`, method: "POST", as: cast.clientA, params: { id: quoteId } })).status,
    ).toBe(403);
    expect(
      (await callJson(quoteSendRoute.action, { path: `/api/quotes/${quoteId}/send`, method: "POST", as: cast.owner, params: { id: quoteId } })).status,
    ).toBe(200);
    expect((await callJson<Json>(quoteRoute.loader, { path: `/api/quotes/${quoteId}`, as: cast.clientA, params: { id: quoteId } })).body.quote).toMatchObject({
      status: "sent",
      totalCents: 30_000,
    });
    expect((await callJson(quoteRoute.loader, { path: `/api/quotes/${quoteId}`, as: cast.clientB, params: { id: quoteId } })).status).toBe(404);
    expect(
      (await callJson(quoteRoute.action, { path: `/api/quotes/${quoteId}`, method: "PATCH", as: cast.clientA, params: { id: quoteId }, body })).status,
    ).toBe(403);
    expect(
      (
        await callJson(quoteDeclineRoute.action, {
          path: `/api/quotes/${quoteId}/decline`,
          method: "POST",
          as: cast.clientB,
          params: { id: quoteId },
          body: {},
        })
      ).status,
    ).toBe(404);
    expect(
      (await callJson(quoteAcceptRoute.action, { path: `/api/quotes/${quoteId}/accept`, method: "POST", as: cast.clientB, params: { id: quoteId } })).status,
    ).toBe(404);
    const accepted = await callJson<Json>(quoteAcceptRoute.action, {
      path: `/api/quotes/${quoteId}/accept`,
      method: "POST",
      as: cast.clientA,
      params: { id: quoteId },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.quote.status).toBe("accepted");
    expect(accepted.body.invoice).toMatchObject({ status: "open", totalCents: 30_000, history: [] });
  });

  it("invoices: staff create, issue, record and void; a client reads only its own; amounts are whole cents", async () => {
    const create = (who: TestUser | null, body: unknown) => callJson<Json>(invoicesRoute.action, { path: "/api/invoices", method: "POST", as: who, body });
    expect((await create(null, { orderId })).status).toBe(401);
    expect((await create(staff, { orderId })).status).toBe(403);
    expect((await create(cast.clientA, { orderId })).status).toBe(403);
    expect((await create(cast.admin, {})).status).toBe(400);
    const made = await create(cast.admin, { orderId, issue: true });
    expect(made.status).toBe(201);
    const invoice = made.body.invoice;
    expect(invoice).toMatchObject({ status: "open", totalCents: 30_000, balanceCents: 30_000 });
    const id = invoice.id as string;

    const read = (who: TestUser | null) => callJson<Json>(invoiceRoute.loader, { path: `/api/invoices/${id}`, as: who, params: { id } });
    expect((await read(null)).status).toBe(401);
    expect((await read(staff)).status).toBe(403);
    expect((await read(cast.clientB)).status).toBe(404);
    expect((await read(cast.clientA)).body.invoice).toMatchObject({ id, history: [] });
    expect((await read(cast.owner)).body.invoice.history.length).toBeGreaterThan(0);

    const list = (who: TestUser | null, query = "") => callJson<Json>(invoicesRoute.loader, { path: `/api/invoices${query}`, as: who });
    expect((await list(null)).status).toBe(401);
    expect((await list(staff)).status).toBe(403);
    expect((await list(cast.clientB)).body).toMatchObject({ invoices: [], total: 0 });
    expect((await list(cast.clientA)).body.invoices.map((row: Json) => row.id)).toContain(id);
    const filtered = (await list(cast.admin, `?status=open&clientId=${cast.clientA.id}&perPage=1`)).body;
    expect(filtered).toMatchObject({ page: 1, perPage: 1 });
    expect(filtered.total).toBeGreaterThanOrEqual(2);
    expect(filtered.invoices).toHaveLength(1);
    // A client asking for someone else's invoices still gets only its own.
    expect((await list(cast.clientB, `?clientId=${cast.clientA.id}`)).body.total).toBe(0);

    const pay = (who: TestUser | null, body: unknown) =>
      callJson<Json>(invoicePaymentsRoute.action, { path: `/api/invoices/${id}/payments`, method: "POST", as: who, params: { id }, body });
    expect((await pay(cast.clientA, { amountCents: 100, method: "cash" })).status).toBe(403);
    expect((await pay(staff, { amountCents: 100, method: "cash" })).status).toBe(403);
    const fractional = await pay(cast.admin, { amountCents: 10.5, method: "cash" });
    expect(fractional.status).toBe(400);
    expect(fractional.body.message).toContain("whole cents");
    expect((await pay(cast.admin, { amountCents: "100", method: "cash" })).status).toBe(400);
    expect((await pay(cast.admin, { amountCents: 100, method: "bitcoin" })).status).toBe(400);
    const paid = await pay(cast.admin, { amountCents: 30_000, method: "card_terminal", reference: "T-77" });
    expect(paid.status).toBe(201);
    expect(paid.body.invoice).toMatchObject({ status: "paid", balanceCents: 0 });
    const payments = await callJson<Json>(invoicePaymentsRoute.loader, { path: `/api/invoices/${id}/payments`, as: cast.admin, params: { id } });
    expect(payments.body.payments).toHaveLength(1);
    expect((await callJson(invoicePaymentsRoute.loader, { path: `/api/invoices/${id}/payments`, as: cast.clientA, params: { id } })).status).toBe(403);

    const patch = (who: TestUser, body: unknown) =>
      callJson<Json>(invoiceRoute.action, { path: `/api/invoices/${id}`, method: "PATCH", as: who, params: { id }, body });
    expect((await patch(cast.clientA, { status: "void" })).status).toBe(403);
    expect((await patch(cast.admin, { status: "void" })).status).toBe(409);
    expect((await patch(cast.admin, { status: "paid" })).status).toBe(400);
    await pay(cast.admin, { kind: "refund", amountCents: 30_000, method: "card_terminal" });
    const voided = await patch(cast.admin, { status: "void", reason: "Duplicate" });
    expect(voided.body.invoice).toMatchObject({ status: "void", voidReason: "Duplicate" });

    const all = await callJson<Json>(paymentsRoute.loader, { path: "/api/payments?kind=refund", as: cast.owner });
    expect(all.body.payments.every((row: Json) => row.kind === "refund")).toBe(true);
    for (const [who, status] of [
      [null, 401],
      [staff, 403],
      [cast.clientA, 403],
    ] as const) {
      expect((await callJson(paymentsRoute.loader, { path: "/api/payments", as: who })).status).toBe(status);
    }
  });

  it("a draft changes through PATCH, then issues", async () => {
    const made = await callJson<Json>(invoicesRoute.action, { path: "/api/invoices", method: "POST", as: cast.admin, body: { orderId } });
    const id = made.body.invoice.id as string;
    expect(made.body.invoice.number).toBeNull();
    expect((await callJson(invoiceRoute.loader, { path: `/api/invoices/${id}`, as: cast.clientA, params: { id } })).status).toBe(404);
    const changed = await callJson<Json>(invoiceRoute.action, {
      path: `/api/invoices/${id}`,
      method: "PATCH",
      as: cast.admin,
      params: { id },
      body: {
        lines: [
          { description: "Books", unitCents: 20_000 },
          { kind: "tax", description: "Tax", unitCents: 1_650 },
        ],
        dueDate: "2099-02-01",
        status: "open",
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.invoice).toMatchObject({ status: "open", totalCents: 21_650, taxCents: 1_650, dueDate: "2099-02-01" });
    expect(changed.body.invoice.number).toMatch(/^\d{4}-\d{4}$/);
  });
});
