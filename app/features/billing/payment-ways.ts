import type { TFunction } from "i18next";
import { formatAddress, type Firm } from "~/core/office/firm";

export type PaymentWaysFirm = Pick<Firm, "name" | "address" | "zelleRecipient" | "checkPayee">;

/**
 * The sentences an open invoice adds for paying by Zelle and by check, the same on its page and
 * in its PDF: each only when the firm has set its recipient or payee (its firm details).
 */
export function otherWaysToPay(t: TFunction, firm: PaymentWaysFirm, invoice: { number: string | null; status: string; balanceCents: number }): string[] {
  if (invoice.status !== "open" || invoice.balanceCents <= 0 || !invoice.number) return [];
  const ways: string[] = [];
  const recipient = firm.zelleRecipient?.trim();
  const payee = firm.checkPayee?.trim();
  if (recipient) ways.push(t("billing:print.zelle", { recipient, number: invoice.number }));
  if (payee) ways.push(t("billing:print.check", { payee, number: invoice.number, address: formatAddress(firm.address) }));
  return ways;
}
