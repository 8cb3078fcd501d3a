/**
 * States, methods and money arithmetic of the billing area (client-safe: pages and forms use them).
 * Money is integer cents (USD) everywhere; nothing here uses a float for an amount.
 *
 * Invoice: draft → open (issued: numbered, sent to the client) → paid (balance 0), or void.
 * A refund that leaves a balance takes a paid invoice back to open. A void invoice stays void.
 * Quote: draft → sent → accepted | declined; a sent quote past its validity date shows as expired.
 */
export const INVOICE_STATUSES = ["draft", "open", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const QUOTE_STATUSES = ["draft", "sent", "accepted", "declined"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What a quote shows: its status, or "expired" for a sent one past its validity date. */
export type QuoteDisplayStatus = QuoteStatus | "expired";

/** Ways staff record a payment received in the office; "stripe" is the online provider's. */
export const MANUAL_PAYMENT_METHODS = ["cash", "check", "zelle", "card_terminal", "other"] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const PAYMENT_METHODS = [...MANUAL_PAYMENT_METHODS, "stripe"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_KINDS = ["payment", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const LINE_KINDS = ["item", "discount", "tax"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** What the client sees on /client/payment-success, read on the server from the provider. */
export const CHECKOUT_STATES = ["paid", "processing", "failed", "cancelled"] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/** The events of an invoice's history (invoice_events.type). */
export const INVOICE_EVENT_TYPES = [
  "created",
  "updated",
  "issued",
  "payment",
  "refund",
  "paid",
  "reopened",
  "voided",
  "checkout_started",
  "payment_failed",
] as const;
export type InvoiceEventType = (typeof INVOICE_EVENT_TYPES)[number];

export const CURRENCY = "USD";
/** The due date staff are offered when issuing an invoice: this many days after today. */
export const PAYMENT_TERM_DAYS = 30;
/** The largest amount of one line or one payment: $1,000,000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000;
export const MAX_LINES = 50;
export const MAX_QUANTITY = 10_000;

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === "string" && (INVOICE_STATUSES as readonly string[]).includes(value);
}

export function isQuoteStatus(value: unknown): value is QuoteStatus {
  return typeof value === "string" && (QUOTE_STATUSES as readonly string[]).includes(value);
}

/** A quote's shown status on `today` (YYYY-MM-DD, the office's day). */
export function quoteDisplayStatus(quote: { status: string; validUntil: string | null }, today: string): QuoteDisplayStatus {
  const status = isQuoteStatus(quote.status) ? quote.status : "draft";
  if (status === "sent" && quote.validUntil && quote.validUntil < today) return "expired";
  return status;
}

export type LineInput = { kind: LineKind; description: string; quantity?: number; unitCents: number };
export type Line = { kind: LineKind; description: string; quantity: number; unitCents: number; amountCents: number };
export type Totals = { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number };

/**
 * A line's amount: an item is quantity × unit; a discount is its amount taken off (negative);
 * a tax is its amount added. Discount and tax lines have quantity 1.
 */
export function lineOf(input: LineInput): Line {
  const quantity = input.kind === "item" ? (input.quantity ?? 1) : 1;
  const amount = input.kind === "item" ? quantity * input.unitCents : input.kind === "discount" ? -input.unitCents : input.unitCents;
  return { kind: input.kind, description: input.description, quantity, unitCents: input.unitCents, amountCents: amount };
}

/** Subtotal (items), discount (positive number taken off), tax, total = subtotal − discount + tax. */
export function totalsOf(lines: ReadonlyArray<Pick<Line, "kind" | "amountCents">>): Totals {
  let subtotalCents = 0;
  let discountCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    if (line.kind === "item") subtotalCents += line.amountCents;
    else if (line.kind === "discount") discountCents += -line.amountCents;
    else taxCents += line.amountCents;
  }
  return { subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents };
}

/**
 * "12.50", "12.5", "12", "$1,200.00" → cents as an integer, read as text (never through a float);
 * null when it is not an amount with at most two decimals.
 */
export function parseMoneyToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, "").replace(/,/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as a plain decimal text for a form's value ("1250" → "12.50"). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "2026-0007": the year and the sequence, four digits at least. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, "0")}`;
}
