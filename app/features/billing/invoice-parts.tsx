import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/ui/data-table";
import { useFormatter } from "~/lib/format";

export type PaymentView = {
  id: string;
  kind: string;
  amountCents: number;
  method: string;
  reference: string | null;
  note: string | null;
  recordedByName: string | null;
  receivedAt: string;
};

export type HistoryView = { id: string; type: string; actorName: string | null; amountCents: number | null; meta: Record<string, unknown>; createdAt: string };

/** An invoice's payments or refunds: date, method, reference, amount (and who recorded it, for staff). */
export function PaymentsTable({
  payments,
  kind,
  showRecorder = false,
  testId,
}: {
  payments: PaymentView[];
  kind: "payment" | "refund";
  showRecorder?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const rows = payments.filter((payment) => payment.kind === kind);
  return (
    <DataTable
      caption={kind === "payment" ? t("invoice.payments") : t("invoice.refunds")}
      rows={rows}
      rowKey={(payment) => payment.id}
      empty={kind === "payment" ? t("invoice.noPayments") : t("invoice.noRefunds")}
      testId={testId}
      columns={[
        { header: t("invoice.date"), cell: (payment) => format.date(payment.receivedAt) },
        { header: t("invoice.method"), cell: (payment) => t(`method.${payment.method}`) },
        {
          header: t("invoice.reference"),
          cell: (payment) => (
            <>
              {payment.reference ?? "—"}
              {payment.note ? <span className="block text-xs text-muted-foreground">{payment.note}</span> : null}
            </>
          ),
        },
        ...(showRecorder ? [{ header: t("invoice.by"), cell: (payment: PaymentView) => payment.recordedByName ?? "—" }] : []),
        { header: t("invoice.amount"), align: "end" as const, cell: (payment) => format.money(payment.amountCents) },
      ]}
    />
  );
}

/** History event types whose words are kept under another key. */
const EVENT_KEYS: Record<string, string> = { checkout_started: "checkout" };

/** An invoice's history, oldest first: what happened, when, by whom, for how much. */
export function InvoiceHistory({ events }: { events: HistoryView[] }) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  if (events.length === 0) return <p className="text-sm text-muted-foreground">{t("invoice.noHistory")}</p>;
  return (
    <ol className="space-y-3 border-s ps-4" data-testid="invoice-history">
      {events.map((event) => (
        <li key={event.id} className="text-sm">
          <p className="font-medium">
            {t(`invoice.historyEvent.${EVENT_KEYS[event.type] ?? event.type}`)}
            {event.amountCents !== null ? ` · ${format.money(event.amountCents)}` : null}
          </p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={event.createdAt}>{format.dateTime(event.createdAt)}</time>
            {event.actorName ? ` · ${event.actorName}` : null}
            {typeof event.meta.reason === "string" ? ` · ${event.meta.reason}` : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
