// The billing area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { clientOrderBillingAction, loadOrderBilling, requireBillingCaller, requireBillingStaff, staffOrderBillingAction } from "./http.server";
export { renderInvoicePdf } from "./invoice-pdf.server";
export {
  type Actor,
  addInvoiceEvent,
  createInvoiceFromOrder,
  getInvoice,
  getPayableInvoice,
  isBillingStaff,
  issueInvoice,
  listClientInvoices,
  listInvoices,
  updateDraftInvoice,
  voidInvoice,
} from "./invoices.server";
export { tellPaymentFailed } from "./messages.server";
export {
  eachPaymentCsvRow,
  type LatestPayment,
  latestPaymentOfClient,
  listInvoicePayments,
  listPayments,
  PAYMENT_CSV_HEADER,
  recordManualPayment,
  recordProviderTransaction,
  revenueByMonth,
} from "./payments.server";
export {
  acceptQuote,
  createInvoiceFromQuote,
  createQuote,
  declineQuote,
  getQuote,
  listOrderQuotes,
  listQuotesAwaitingClient,
  sendQuote,
  updateQuote,
} from "./quotes.server";
