import { beforeAll, expect, it } from "vitest";
import { createInvoiceFromOrder, issueInvoice } from "~/features/billing/invoices.server";
import { recordManualPayment } from "~/features/billing/payments.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import * as paymentsCsvRoute from "~/routes/resources+/payments[.]csv";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { makeCast, type Cast } from "../support/factories";

/**
 * The bookkeeping's payments CSV: amounts (refunds negative) are numbers a spreadsheet adds up,
 * while text that would run as a formula is still made harmless.
 */
describeEachDialect("payments CSV", (db) => {
  let cast: Cast;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    const { id: orderId } = await createOrder(cast.clientA, { service: "translation", details: "Translate my birth certificate." }, [], "en");
    const { id: invoiceId } = await createInvoiceFromOrder(cast.admin, orderId, {
      lines: [{ kind: "item", description: "Pages", quantity: 1, unitCents: 4_000 }],
    });
    await issueInvoice(cast.admin, invoiceId, { notify: false });
    await recordManualPayment(cast.admin, invoiceId, { kind: "payment", amountCents: 1_250, method: "zelle", reference: '=HYPERLINK("http://127.0.0.1")' });
    await recordManualPayment(cast.admin, invoiceId, { kind: "refund", amountCents: 10, method: "zelle", reference: "-R1" });
  });

  it("leaves amounts, refunds included, as numbers and neutralises formula-like text", async () => {
    const response = await call(paymentsCsvRoute.loader, { path: "/resources/payments.csv", as: cast.admin });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("received_at,kind,amount,currency,method,reference,invoice_number,client,provider,payment_id");
    const payment = lines.find((line) => line.includes(",payment,"))!;
    const refund = lines.find((line) => line.includes(",refund,"))!;
    expect(payment).toContain(`,payment,12.50,USD,zelle,"'=HYPERLINK(""http://127.0.0.1"")",`);
    expect(refund).toContain(",refund,-0.10,USD,zelle,'-R1,");
    const amounts = lines.slice(1).map((line) => Number(line.split(",")[2]));
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(12.4, 2);
  });
});
