import { json } from "@remix-run/node";
import {
  requireBillingCaller,
  requireBillingStaff,
  createInvoiceFromOrder,
  getInvoice,
  issueInvoice,
  listInvoices,
  createInvoiceFromQuote,
} from "~/features/billing/index.server";
import { InvoiceCreateApiSchema, parseInvoiceListQuery } from "~/features/billing";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/invoices: the owner and admins see every invoice (?page, perPage, status, clientId,
 * orderId, from, to, q = a number, sort = newest|oldest); a client its own (never drafts).
 * POST (owner and admins): `{ orderId, lines?, dueDate?, note?, issue? }` or `{ quoteId, issue? }`
 * makes a draft (issued at once with `issue: true`); 201 with the invoice.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireBillingCaller(request);
    return pageJson("invoices", await listInvoices(user, parseInvoiceListQuery(new URL(request.url))));
  },
  POST: async ({ request }) => {
    const user = await requireBillingStaff(request);
    const input = await readApiBody(request, InvoiceCreateApiSchema);
    const { id } = input.quoteId
      ? await createInvoiceFromQuote(user, input.quoteId)
      : await createInvoiceFromOrder(user, input.orderId!, {
          lines: input.lines,
          dueDate: input.dueDate,
          note: input.note,
          language: await getLanguage(request),
        });
    if (input.issue) await issueInvoice(user, id);
    return json({ invoice: await getInvoice(user, id) }, { status: 201 });
  },
});
