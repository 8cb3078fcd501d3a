import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/core/csv.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { parsePaymentListQuery } from "~/features/billing";
import { PAYMENT_CSV_HEADER, eachPaymentCsvRow } from "~/features/billing/index.server";

/**
 * GET /resources/payments.csv?from&to (owner and admins): every payment and refund received
 * between the two days (inclusive; either may be left out), oldest first, streamed as CSV for
 * the bookkeeping. A refund's amount is negative, so the column's sum is the net received.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const query = parsePaymentListQuery(new URL(request.url));
  const stamp = new Date().toISOString().slice(0, 10);
  const range = [query.from, query.to].filter(Boolean).join("_to_") || stamp;
  const rows = eachPaymentCsvRow(user, { from: query.from, to: query.to, kind: query.kind, method: query.method });
  return csvResponse({ filename: `payments-${range}.csv`, header: PAYMENT_CSV_HEADER, rows });
}
