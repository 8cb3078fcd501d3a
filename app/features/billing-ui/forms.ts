import { z } from "zod";

/**
 * The billing screens' form schemas (shared by the browser's checks and the actions).
 * Money is typed as text ("120", "1,200.50") and becomes integer cents by integer
 * arithmetic, never through a floating-point number.
 */
export const MAX_AMOUNT_CENTS = 100_000_000; // $1,000,000
export const PAYMENT_METHODS = ["cash", "check", "zelle", "card_terminal", "other"] as const;
export type ManualPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const INVOICE_STATES = ["draft", "open", "paid", "void"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

const MONEY_TEXT = /^\d{1,3}(,?\d{3})*(\.\d{1,2})?$/;

/** "1,200.5" → 120050; null when the text is not an amount. */
export function centsFromText(text: string): number | null {
  const value = text.trim();
  if (!MONEY_TEXT.test(value)) return null;
  const [whole, fraction = ""] = value.replace(/,/g, "").split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 120050 → "1200.50" (a form's default value). */
export function textFromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "6.25" → 625 (basis points); null when not a rate from 0 to 100 with at most two decimals. */
export function basisPointsFromText(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  const points = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return points <= 10_000 ? points : null;
}

export function textFromBasisPoints(points: number): string {
  return points % 100 === 0 ? String(points / 100) : `${Math.floor(points / 100)}.${String(points % 100).padStart(2, "0")}`.replace(/0$/, "");
}

const money = (options: { positive?: boolean } = {}) =>
  z
    .string({ required_error: "billing:errors.amountInvalid" })
    .trim()
    .transform((value, context) => {
      const cents = centsFromText(value);
      if (cents === null) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "billing:errors.amountInvalid" });
        return z.NEVER;
      }
      if (options.positive && cents <= 0) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "billing:errors.amountPositive" });
        return z.NEVER;
      }
      if (cents > MAX_AMOUNT_CENTS) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "billing:errors.amountTooLarge" });
        return z.NEVER;
      }
      return cents;
    });

export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "billing:errors.dateInvalid")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "billing:errors.dateInvalid");

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const QuoteLineSchema = z.object({
  description: z.string({ required_error: "billing:errors.descriptionRequired" }).trim().min(1, "billing:errors.descriptionRequired").max(200, "billing:errors.descriptionTooLong"),
  quantity: z.coerce
    .number({ invalid_type_error: "billing:errors.quantityInvalid", required_error: "billing:errors.quantityInvalid" })
    .int("billing:errors.quantityInvalid")
    .min(1, "billing:errors.quantityInvalid")
    .max(999, "billing:errors.quantityInvalid"),
  unitPrice: money(),
});

/** The quote editor on /dashboard/service-orders/{id}. */
export const QuoteFormSchema = z.object({
  lines: z.array(QuoteLineSchema, { required_error: "billing:errors.linesRequired" }).min(1, "billing:errors.linesRequired").max(50, "billing:errors.linesTooMany"),
  discount: money().optional(),
  taxRate: z
    .string()
    .trim()
    .transform((value, context) => {
      const points = basisPointsFromText(value);
      if (points === null) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "billing:errors.taxInvalid" });
        return z.NEVER;
      }
      return points;
    })
    .optional(),
  validUntil: isoDay.optional(),
  note: optionalText(2000, "billing:errors.reasonTooLong"),
  send: z.enum(["save", "send"]).optional(),
});
export type QuoteFormValue = z.output<typeof QuoteFormSchema>;

/** "Record payment" on an invoice's page. */
export const PaymentFormSchema = z.object({
  amount: money({ positive: true }),
  method: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "billing:errors.methodInvalid" }) }),
  reference: optionalText(100, "billing:errors.referenceTooLong"),
  receivedOn: isoDay,
});

export const RefundFormSchema = z.object({
  amount: money({ positive: true }),
  reason: optionalText(500, "billing:errors.reasonTooLong"),
});

/** A reason that may be left out (void, decline). */
export const ReasonFormSchema = z.object({ reason: optionalText(500, "billing:errors.reasonTooLong") });

/** The subtotal, discount, tax and total of lines, in integer cents (tax rounded half up on the taxed amount). */
export function quoteTotals(lines: Array<{ quantity: number; unitPriceCents: number }>, discountCents: number, taxBasisPoints: number) {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const discount = Math.min(discountCents, subtotal);
  const taxed = subtotal - discount;
  const tax = Math.floor((taxed * taxBasisPoints + 5_000) / 10_000);
  return { subtotal, discount, tax, total: taxed + tax };
}
