import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/features/auth/guards.server";
import { parsePaymentListQuery } from "~/features/billing/billing.schema";
import { paymentsCsvStream } from "~/features/billing/payments-csv.server";

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
  return new Response(paymentsCsvStream(user, { from: query.from, to: query.to, kind: query.kind, method: query.method }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="payments-${range}.csv"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
