import { PAYMENT_CSV_HEADER, eachPaymentCsvRow } from "~/features/billing/payments.server";
import type { PaymentListQuery } from "~/features/billing/billing.schema";
import { csvRow } from "~/features/audit/csv";

type Actor = { id: string; role: string };

/**
 * The bookkeeping's payments as a CSV stream: the header, then the billing area's rows read in
 * keyset batches as the client downloads them (never the whole table in memory). A BOM first, so
 * that spreadsheets read the names as UTF-8; formula-like cells are made text (csvRow).
 */
export function paymentsCsvStream(actor: Actor, query: Partial<PaymentListQuery>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = eachPaymentCsvRow(actor, query);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(PAYMENT_CSV_HEADER)}`));
        return;
      }
      let chunk = "";
      for (let i = 0; i < 200; i++) {
        const next = await rows.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvRow(next.value);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
