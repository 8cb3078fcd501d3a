import { z } from "zod";
import { parseListQuery } from "~/lib/pagination";
import {
  INVOICE_STATUSES,
  LINE_KINDS,
  MANUAL_PAYMENT_METHODS,
  MAX_AMOUNT_CENTS,
  MAX_LINES,
  MAX_QUANTITY,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  QUOTE_STATUSES,
  parseMoneyToCents,
} from "./status";

/**
 * Forms and API bodies of the billing area (quotes, invoices, payments); messages are i18n keys.
 * The API takes amounts as integer cents (`unitCents`, `amountCents`): 10.5 is refused, never
 * rounded. Forms take decimal text ("12.50" → 1250 cents), read as text, never through a float.
 */
const cents = z
  .number({ invalid_type_error: "billing:errors.amountInvalid", required_error: "billing:errors.amountRequired" })
  .int("billing:errors.amountNotWholeCents")
  .min(0, "billing:errors.amountInvalid")
  .max(MAX_AMOUNT_CENTS, "billing:errors.amountTooHigh");
const positiveCents = cents.min(1, "billing:errors.amountPositive");

/** A form's money field ("12.50") as cents. */
const money = z
  .string({ required_error: "billing:errors.amountRequired" })
  .trim()
  .min(1, "billing:errors.amountRequired")
  .transform((value, ctx) => {
    const parsed = parseMoneyToCents(value);
    if (parsed === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "billing:errors.amountInvalid" });
      return z.NEVER;
    }
    if (parsed > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "billing:errors.amountTooHigh" });
      return z.NEVER;
    }
    return parsed;
  });
const positiveMoney = money.refine((value) => value > 0, "billing:errors.amountPositive");

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "billing:errors.dateInvalid")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "billing:errors.dateInvalid");
const note = z.string().trim().max(2000, "billing:errors.noteTooLong");
const reference = z.string().trim().max(200, "billing:errors.referenceTooLong");
const description = z
  .string({ required_error: "billing:errors.descriptionRequired" })
  .trim()
  .min(1, "billing:errors.descriptionRequired")
  .max(300, "billing:errors.descriptionTooLong");
const lineKind = z.enum(LINE_KINDS, { errorMap: () => ({ message: "billing:errors.lineKindInvalid" }) });
const quantity = z
  .number({ invalid_type_error: "billing:errors.quantityInvalid" })
  .int("billing:errors.quantityInvalid")
  .min(1, "billing:errors.quantityInvalid")
  .max(MAX_QUANTITY, "billing:errors.quantityInvalid");
const id = z.string().trim().min(1).max(100);

// ——— lines ———

/** One line in the API: `{ kind, description, quantity?, unitCents }` (discount and tax: unitCents is the amount). */
export const LineApiSchema = z.object({ kind: lineKind.default("item"), description, quantity: quantity.optional(), unitCents: cents });
const linesApi = z.array(LineApiSchema).min(1, "billing:errors.linesRequired").max(MAX_LINES, "billing:errors.tooManyLines");

/** One line in a form (`lines[0].description`, `lines[0].unitPrice` = "12.50"). */
export const LineFormSchema = z
  .object({ kind: lineKind.default("item"), description, quantity: z.coerce.number().pipe(quantity).default(1), unitPrice: money })
  .transform(({ unitPrice, ...rest }) => ({ ...rest, unitCents: unitPrice }));
const linesForm = z.array(LineFormSchema).min(1, "billing:errors.linesRequired").max(MAX_LINES, "billing:errors.tooManyLines");

// ——— quotes ———

/** POST /api/service-orders/{id}/quotes and PATCH /api/quotes/{id} (a draft or sent quote). */
export const QuoteApiSchema = z.object({ lines: linesApi, validUntil: day.nullable().optional(), note: note.nullable().optional() });
export type QuoteInput = z.infer<typeof QuoteApiSchema>;
/** The quote form on an order's page. */
export const QuoteFormSchema = z.object({ lines: linesForm, validUntil: day.optional(), note: note.optional() });

/** POST /api/quotes/{id}/decline (and the client's form): an optional reason. */
export const QuoteDeclineSchema = z.object({ reason: note.optional() });

// ——— invoices ———

/**
 * POST /api/invoices (staff): from an order (`orderId`; lines default to one line of the
 * order's price) or from an accepted quote (`quoteId`). `issue: true` issues it at once.
 */
export const InvoiceCreateApiSchema = z
  .object({
    orderId: id.optional(),
    quoteId: id.optional(),
    lines: linesApi.optional(),
    dueDate: day.nullable().optional(),
    note: note.nullable().optional(),
    issue: z.boolean().optional(),
  })
  .refine((value) => Boolean(value.orderId) !== Boolean(value.quoteId), { message: "billing:errors.orderOrQuote", path: ["orderId"] });
export type InvoiceCreateInput = z.infer<typeof InvoiceCreateApiSchema>;

/** "Create invoice" on an order's page: the order's price as one line unless lines are given. */
export const InvoiceFromOrderFormSchema = z.object({ orderId: id, lines: linesForm.optional(), dueDate: day.optional(), note: note.optional() });

/** Editing a draft invoice (form). */
export const InvoiceDraftFormSchema = z.object({ lines: linesForm, dueDate: day.optional(), note: note.optional() });

/**
 * PATCH /api/invoices/{id} (staff): a draft's `lines`, `dueDate`, `note`; and/or `status`:
 * "open" issues a draft (numbers it, tells the client), "void" voids a draft or an open
 * invoice with nothing paid (`reason` kept in its history).
 */
export const InvoicePatchApiSchema = z
  .object({
    lines: linesApi.optional(),
    dueDate: day.nullable().optional(),
    note: note.nullable().optional(),
    status: z.enum(["open", "void"], { errorMap: () => ({ message: "billing:errors.statusInvalid" }) }).optional(),
    reason: note.optional(),
  })
  .strict();
export type InvoicePatchInput = z.infer<typeof InvoicePatchApiSchema>;
export type InvoiceDraftInput = { lines?: z.infer<typeof LineApiSchema>[]; dueDate?: string | null; note?: string | null };

/** The void form (a ConfirmAction with an optional reason). */
export const InvoiceVoidFormSchema = z.object({ reason: note.optional() });

// ——— payments ———

const manualMethod = z.enum(MANUAL_PAYMENT_METHODS, { errorMap: () => ({ message: "billing:errors.methodInvalid" }) });

/** POST /api/invoices/{id}/payments (staff): a payment received or a refund given. */
export const PaymentApiSchema = z.object({
  kind: z.enum(PAYMENT_KINDS, { errorMap: () => ({ message: "billing:errors.kindInvalid" }) }).default("payment"),
  amountCents: positiveCents,
  method: manualMethod,
  reference: reference.nullable().optional(),
  receivedOn: day.optional(),
  note: note.nullable().optional(),
});
export type PaymentInput = z.infer<typeof PaymentApiSchema>;

/** "Record payment" (and "Record refund") on an invoice's page: the amount as "12.50". */
export const PaymentFormSchema = z
  .object({
    kind: z.enum(PAYMENT_KINDS, { errorMap: () => ({ message: "billing:errors.kindInvalid" }) }).default("payment"),
    amount: positiveMoney,
    method: manualMethod,
    reference: reference.optional(),
    receivedOn: day.optional(),
    note: note.optional(),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));

// ——— lists ———

const INVOICE_LIST_FILTERS = {
  status: z.enum(INVOICE_STATUSES),
  clientId: id,
  orderId: id,
  /** Created on or after this day (YYYY-MM-DD, UTC). */
  from: day,
  /** Created on or before this day. */
  to: day,
  /** An invoice number, exactly ("2026-0007"). */
  q: z.string().trim().min(1).max(40),
};
export const INVOICE_SORTS = ["newest", "oldest"] as const;

/** `?page&perPage`, `status`, `clientId`, `orderId`, `from`, `to`, `q` (a number), `sort` (newest | oldest). */
export function parseInvoiceListQuery(source: URL | URLSearchParams) {
  return parseListQuery(source, { filters: INVOICE_LIST_FILTERS, sorts: INVOICE_SORTS });
}
export type InvoiceListQuery = ReturnType<typeof parseInvoiceListQuery>;

const PAYMENT_LIST_FILTERS = {
  kind: z.enum(PAYMENT_KINDS),
  method: z.enum(PAYMENT_METHODS),
  clientId: id,
  invoiceId: id,
  /** Received on or after this day. */
  from: day,
  /** Received on or before this day. */
  to: day,
};

/** `GET /api/payments` and the CSV export: `kind`, `method`, `clientId`, `invoiceId`, `from`, `to`. */
export function parsePaymentListQuery(source: URL | URLSearchParams) {
  return parseListQuery(source, { filters: PAYMENT_LIST_FILTERS, sorts: ["newest"] as const });
}
export type PaymentListQuery = ReturnType<typeof parsePaymentListQuery>;

export { QUOTE_STATUSES };
