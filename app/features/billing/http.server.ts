import { requireUser } from "~/core/identity/guards.server";
import { type SessionUser } from "~/core/identity/session-user.server";
import { forbidden } from "~/lib/app-error";
import { isAdminRole, isBackOfficeRole } from "~/lib/features";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { QuoteDeclineSchema, QuoteFormSchema } from "./billing.schema";
import { acceptQuote, createInvoiceFromQuote, createQuote, declineQuote, getQuote, listOrderQuotes, sendQuote, updateQuote } from "./quotes.server";
import { centsToDecimal } from "./status";
import { createInvoiceFromOrder, listOrderInvoices } from "./invoices.server";
import { clientIp, refusal } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * Who may call the billing API: a client (its own invoices and quotes) or the owner and admins
 * (all of them). A staff member without the admin role is refused (403): billing is not a
 * grantable feature. The caller's IP goes to the audit log with staff actions.
 */
export async function requireBillingCaller(request: Request): Promise<SessionUser & { ip: string }> {
  const user = await requireUser(request);
  if (isBackOfficeRole(user.role) && !isAdminRole(user.role)) throw forbidden();
  return { ...user, ip: clientIp(request) };
}

/** Owner and admins only (create, issue, void, record payments, the payments list). */
export async function requireBillingStaff(request: Request): Promise<SessionUser & { ip: string }> {
  const user = await requireBillingCaller(request);
  if (!isAdminRole(user.role)) throw forbidden();
  return user;
}

/**
 * The billing part of an order's pages (the staff's and the client's): its quotes and
 * invoices to show, and the form intents they post to the order's own action
 * ("quote", "createInvoice" for staff; "acceptQuote", "declineQuote" for the client).
 * The rules live in features/billing; this only adapts forms to them.
 */
type Actor = { id: string; role: string; ip?: string | null };

export async function loadOrderBilling(actor: Actor, order: { id: string; serviceTitle: string; priceCents: number | null }) {
  const [quotes, invoices] = await Promise.all([listOrderQuotes(actor, order.id), listOrderInvoices(actor, order.id)]);
  const current = quotes[0] ? await getQuote(actor, quotes[0].id) : null;
  const editable = current && (current.status === "draft" || current.status === "sent") ? current : null;
  const editorDefaults = {
    lines: editable
      ? editable.lines.map((line) => ({
          kind: line.kind,
          description: line.description,
          quantity: String(line.quantity),
          unitPrice: centsToDecimal(line.unitCents),
        }))
      : [{ kind: "item", description: order.serviceTitle, quantity: "1", unitPrice: order.priceCents !== null ? centsToDecimal(order.priceCents) : "" }],
    validUntil: editable?.validUntil ?? "",
    note: editable?.note ?? "",
  };
  const acceptedWithoutInvoice = quotes.find((quote) => quote.status === "accepted" && !quote.invoiceId) ?? null;
  const invoiceBasis = acceptedWithoutInvoice
    ? ({ kind: "quote", quoteId: acceptedWithoutInvoice.id, totalCents: acceptedWithoutInvoice.totalCents } as const)
    : order.priceCents !== null && order.priceCents > 0
      ? ({ kind: "price", quoteId: null, totalCents: order.priceCents } as const)
      : null;
  return { quotes, invoices, current, editableQuoteId: editable?.id ?? null, editorDefaults, invoiceBasis };
}

export type OrderBilling = Awaited<ReturnType<typeof loadOrderBilling>>;

export const STAFF_BILLING_INTENTS = ["quote", "createInvoice"] as const;
export const CLIENT_BILLING_INTENTS = ["acceptQuote", "declineQuote"] as const;

/** The staff's billing intents on /dashboard/service-orders/{id}; null when the intent is not one of them. */
export async function staffOrderBillingAction(
  request: Request,
  actor: Actor,
  orderId: string,
  intent: string,
  fields: URLSearchParams,
  language: string,
): Promise<Response | null> {
  const back = `/dashboard/service-orders/${orderId}`;
  if (intent === "quote") {
    const submission = parseWithZod(fields, { schema: QuoteFormSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
    const send = fields.get("send") === "yes";
    const quoteId = fields.get("quoteId");
    try {
      const input = { lines: submission.value.lines, validUntil: submission.value.validUntil ?? null, note: submission.value.note ?? null };
      const id = quoteId ? (await updateQuote(actor, quoteId, input), quoteId) : (await createQuote(actor, orderId, input)).id;
      if (send) await sendQuote(actor, id);
    } catch (error) {
      return refusal(request, error, submission, { intent });
    }
    return redirectWithToast(back, { type: "success", message: send ? "billing:quote.sent" : "billing:quote.saved" });
  }
  if (intent === "createInvoice") {
    const quoteId = fields.get("quoteId");
    const { id } = quoteId ? await createInvoiceFromQuote(actor, quoteId) : await createInvoiceFromOrder(actor, orderId, { language });
    return redirectWithToast(`/dashboard/invoices/${id}`, { type: "success", message: "billing:createInvoice.created" });
  }
  return null;
}

/** The client's billing intents on /client/service-orders/{id}; null when the intent is not one of them. */
export async function clientOrderBillingAction(
  request: Request,
  actor: Actor,
  orderId: string,
  intent: string,
  fields: URLSearchParams,
): Promise<Response | null> {
  const back = `/client/service-orders/${orderId}`;
  const quoteId = fields.get("quoteId") ?? "";
  if (intent === "acceptQuote") {
    const { invoiceId } = await acceptQuote(actor, quoteId);
    return redirectWithToast(`/client/invoices/${invoiceId}`, { type: "success", message: "billing:quote.accepted" });
  }
  if (intent === "declineQuote") {
    const submission = parseWithZod(fields, { schema: QuoteDeclineSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await declineQuote(actor, quoteId, submission.value.reason);
    return redirectWithToast(back, { type: "success", message: "billing:quote.declined" });
  }
  return null;
}
