import { useTranslation } from "react-i18next";
import { useFormatter } from "~/lib/format";
import { cn } from "~/lib/utils";

export type MoneyLine = { id?: string; description: string; quantity: number; unitPriceCents: number; amountCents: number };
export type MoneyTotals = {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  /** Shown for invoices: what was paid, refunded, and the balance derived from them. */
  paidCents?: number;
  refundedCents?: number;
  balanceCents?: number;
};

/**
 * The lines of a quote or an invoice with their totals: one table, numbers at the end
 * of the line (which is the left in Arabic), in the reader's language.
 */
export function MoneyLinesTable({ lines, totals, currency = "USD", className }: { lines: MoneyLine[]; totals: MoneyTotals; currency?: string; className?: string }) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const money = (cents: number) => format.money(cents, currency);
  const row = (label: string, cents: number, options: { strong?: boolean; negative?: boolean; testId?: string } = {}) => (
    <tr className={cn(options.strong && "font-semibold")}>
      <th scope="row" colSpan={3} className="p-2 text-end font-medium">
        {label}
      </th>
      <td className="p-2 text-end tabular-nums" data-testid={options.testId}>
        {options.negative && cents > 0 ? `−${money(cents)}` : money(cents)}
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
          {lines.length === 0 ? (
            <tr>
              <td colSpan={4} className="p-4 text-center text-muted-foreground">
                {t("lines.none")}
              </td>
            </tr>
          ) : (
            lines.map((line, index) => (
              <tr key={line.id ?? index} className="border-t">
                <td className="p-2 whitespace-pre-line">{line.description}</td>
                <td className="p-2 text-end tabular-nums">{format.number(line.quantity)}</td>
                <td className="p-2 text-end tabular-nums">{money(line.unitPriceCents)}</td>
                <td className="p-2 text-end tabular-nums">{money(line.amountCents)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot className="border-t">
          {row(t("lines.subtotal"), totals.subtotalCents)}
          {totals.discountCents > 0 ? row(t("lines.discount"), totals.discountCents, { negative: true }) : null}
          {totals.taxCents > 0 ? row(t("lines.tax"), totals.taxCents) : null}
          {row(t("lines.total"), totals.totalCents, { strong: true, testId: "invoice-total" })}
          {totals.paidCents !== undefined ? row(t("lines.paid"), totals.paidCents, { negative: true }) : null}
          {totals.refundedCents ? row(t("lines.refunded"), totals.refundedCents) : null}
          {totals.balanceCents !== undefined ? row(t("lines.balance"), totals.balanceCents, { strong: true, testId: "invoice-balance" }) : null}
        </tfoot>
      </table>
    </div>
  );
}
