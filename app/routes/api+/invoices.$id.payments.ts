import { json } from "@remix-run/node";
import { requireBillingStaff, getInvoice, listInvoicePayments, recordManualPayment } from "~/features/billing/index.server";
import { PaymentApiSchema } from "~/features/billing";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { pageJson, parseListQuery } from "~/lib/pagination";

/**
 * GET /api/invoices/{id}/payments (owner and admins): the invoice's payments and refunds.
 * POST: records one received in the office or given back:
 * `{ kind: "payment"|"refund", amountCents (integer), method: cash|check|zelle|card_terminal|other, reference?, receivedOn?, note? }`;
 * 201 with the invoice (its balance and status follow).
 */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireBillingStaff(request);
    await getInvoice(user, params.id!);
    return pageJson("payments", await listInvoicePayments(user, params.id!, parseListQuery(new URL(request.url))));
  },
  POST: async ({ request, params }) => {
    const user = await requireBillingStaff(request);
    const input = await readApiBody(request, PaymentApiSchema);
    const result = await recordManualPayment(user, params.id!, input);
    return json({ paymentId: result.paymentId, invoice: await getInvoice(user, params.id!) }, { status: 201 });
  },
});
