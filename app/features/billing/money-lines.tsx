import { useTranslation } from "react-i18next";
import { useFormatter } from "~/lib/format";
import { cn } from "~/lib/utils";

export type MoneyLine = { id?: string; kind: string; description: string; quantity: number; unitCents: number; amountCents: number };
export type MoneyTotals = {
  subtotalCents: number;
  totalCents: number;
  /** Shown for invoices: what was paid (net of refunds) and the balance derived from it. */
  paidCents?: number;
  refundedCents?: number;
  balanceCents?: number;
};

/**
 * The lines of a quote or an invoice with their totals: items in the body; discount and tax
 * lines under the subtotal with their own words; numbers at the end of the line (the left
 * in Arabic), in the reader's language.
 */
export function MoneyLinesTable({
  lines,
  totals,
  currency = "USD",
  className,
}: {
  lines: MoneyLine[];
  totals: MoneyTotals;
  currency?: string;
  className?: string;
}) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const money = (cents: number) => format.money(cents, currency);
  const items = lines.filter((line) => line.kind === "item");
  const adjustments = lines.filter((line) => line.kind !== "item");
  const row = (key: string, label: string, value: string, options: { strong?: boolean; testId?: string } = {}) => (
    <tr key={key} className={cn(options.strong && "font-semibold")}>
      <th scope="row" colSpan={3} className="p-2 text-end font-medium">
        {label}
      </th>
      <td className="p-2 text-end tabular-nums whitespace-nowrap" data-testid={options.testId}>
        {value}
      </td>
    </tr>
  );
  return (
    <div className={cn("overflow-x-auto rounded-lg border", className)}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("lines.caption")}</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="p-2 text-start font-semibold">
              {t("lines.description")}
            </th>
            <th scope="col" className="p-2 text-end font-semibold">
              {t("lines.quantity")}
            </th>
            <th scope="col" className="p-2 text-end font-semibold">
              {t("lines.unitPrice")}
            </th>
            <th scope="col" className="p-2 text-end font-semibold">
              {t("lines.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={4} className="p-4 text-center text-muted-foreground">
                {t("lines.none")}
              </td>
            </tr>
          ) : (
            items.map((line, index) => (
              <tr key={line.id ?? index} className="border-t">
                <td dir="auto" className="p-2 whitespace-pre-line">
                  {line.description}
                </td>
                <td className="p-2 text-end tabular-nums">{format.number(line.quantity)}</td>
                <td className="p-2 text-end tabular-nums whitespace-nowrap">{money(line.unitCents)}</td>
                <td className="p-2 text-end tabular-nums whitespace-nowrap">{money(line.amountCents)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot className="border-t">
          {row("subtotal", t("lines.subtotal"), money(totals.subtotalCents))}
          {adjustments.map((line, index) =>
            row(
              `adjustment-${line.id ?? index}`,
              `${t(`lineKind.${line.kind}`)}: ${line.description}`,
              line.amountCents < 0 ? `−${money(-line.amountCents)}` : money(line.amountCents),
            ),
          )}
          {row("total", t("lines.total"), money(totals.totalCents), { strong: true, testId: "invoice-total" })}
          {totals.paidCents !== undefined ? row("paid", t("lines.paid"), money(totals.paidCents)) : null}
          {totals.refundedCents ? row("refunded", t("lines.refunded"), money(totals.refundedCents)) : null}
          {totals.balanceCents !== undefined
            ? row("balance", t("lines.balance"), money(totals.balanceCents), { strong: true, testId: "invoice-balance" })
            : null}
        </tfoot>
      </table>
    </div>
  );
}
