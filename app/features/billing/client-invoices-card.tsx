import { Link } from "@remix-run/react";
import { Receipt } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useFormatter } from "~/lib/format";

type AwaitingQuote = { id: string; reference: string; orderId: string; totalCents: number; currency: string };
type OpenInvoice = { id: string; number: string | null; balanceCents: number; currency: string; dueDate: string | null };

/** The client overview's invoices card: what is left to pay (the next step first) and a way to all invoices. */
export function ClientInvoicesCard({ open, openCount, quotes = [] }: { open: OpenInvoice[]; openCount: number; quotes?: AwaitingQuote[] }) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  return (
    <Card data-testid="overview-invoices">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-primary" aria-hidden />
          {t("client.overviewTitle")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {quotes.length > 0 ? (
          <div className="space-y-1 rounded-md border border-primary/30 bg-primary/5 p-2 text-sm" data-testid="quotes-awaiting">
            <p className="font-semibold">{t("client.quotesAwaiting")}</p>
            <ul>
              {quotes.map((quote) => (
                <li key={quote.id}>
                  <Link to={`/client/service-orders/${quote.orderId}`} className="text-primary underline-offset-4 hover:underline">
                    {t("client.viewQuote", { reference: quote.reference, total: format.money(quote.totalCents, quote.currency) })}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="text-sm">{openCount > 0 ? t("client.toPay", { count: openCount }) : t("client.nothingToPay")}</p>
        {open.length > 0 ? (
          <ul className="divide-y rounded-md border">
            {open.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
                <Link to={`/client/invoices/${invoice.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {t("invoice.title", { number: invoice.number ?? "" })}
                </Link>
                <span className="tabular-nums">{format.money(invoice.balanceCents, invoice.currency)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Link to="/client/invoices" className={buttonVariants({ variant: "outline", size: "sm" })}>
          {t("client.viewAll")}
        </Link>
      </CardContent>
    </Card>
  );
}
