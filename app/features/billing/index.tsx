// The billing area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { InvoiceStateBadge } from "./badges";
export {
  InvoiceCreateApiSchema,
  InvoicePatchApiSchema,
  InvoiceVoidFormSchema,
  parseInvoiceListQuery,
  parsePaymentListQuery,
  PaymentApiSchema,
  PaymentFormSchema,
  QuoteApiSchema,
  QuoteDeclineSchema,
} from "./billing.schema";
export { ClientInvoicesCard } from "./client-invoices-card";
export { InvoiceHistory, PaymentsTable } from "./invoice-parts";
export { MoneyLinesTable } from "./money-lines";
export { ClientOrderBilling, StaffOrderBilling } from "./order-billing";
export { RecordPaymentForm } from "./payment-form";
export { otherWaysToPay } from "./payment-ways";
export { PrintStyles } from "./print-styles";
export { centsToDecimal, type CheckoutState, INVOICE_STATUSES, type LineInput, type ManualPaymentMethod, PAYMENT_TERM_DAYS } from "./status";
