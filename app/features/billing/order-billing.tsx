import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { CheckCircle2, FilePlus2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useFormatter } from "~/lib/format";
import { InvoiceStateBadge, QuoteStateBadge } from "./badges";
import { MoneyLinesTable, type MoneyLine } from "./money-lines";
import { QuoteEditor, type QuoteFormDefaults } from "./quote-editor";

type QuoteView = {
  id: string;
  reference: string;
  status: string;
  displayStatus: string;
  currency: string;
  subtotalCents: number;
  totalCents: number;
  validUntil: string | null;
  note: string | null;
  sentAt: string | null;
  decidedAt: string | null;
  invoiceId: string | null;
};
type InvoiceRow = {
  id: string;
  number: string | null;
  status: string;
  totalCents: number;
  balanceCents: number;
  currency: string;
  issuedAt: string | null;
  createdAt: string;
};
type Billing = {
  quotes: QuoteView[];
  invoices: InvoiceRow[];
  current: (QuoteView & { lines: MoneyLine[] }) | null;
  editableQuoteId: string | null;
  editorDefaults: QuoteFormDefaults;
  invoiceBasis: { kind: "quote" | "price"; quoteId: string | null; totalCents: number } | null;
};

function InvoiceList({ invoices, hrefOf }: { invoices: InvoiceRow[]; hrefOf: (id: string) => string }) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  if (invoices.length === 0) return <p className="text-sm text-muted-foreground">{t("quote.noInvoices")}</p>;
  return (
    <ul className="divide-y rounded-md border" data-testid="order-invoices">
      {invoices.map((invoice) => (
        <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <Link to={hrefOf(invoice.id)} className="font-medium text-primary underline-offset-4 hover:underline">
            {invoice.number ? t("invoice.title", { number: invoice.number }) : t("invoice.draftTitle")}
          </Link>
          <span className="flex items-center gap-2">
            <span className="tabular-nums">{format.money(invoice.totalCents, invoice.currency)}</span>
            {invoice.status === "open" && invoice.balanceCents > 0 && invoice.balanceCents !== invoice.totalCents ? (
              <span className="tabular-nums text-muted-foreground">
                {t("lines.balance")} {format.money(invoice.balanceCents, invoice.currency)}
              </span>
            ) : null}
            <InvoiceStateBadge state={invoice.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What the client still owes on an order's issued invoices, or that nothing is left to pay. */
function OrderBalance({ invoices }: { invoices: InvoiceRow[] }) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const open = invoices.filter((invoice) => invoice.status === "open");
  if (invoices.every((invoice) => invoice.status === "draft" || invoice.status === "void")) return null;
  const owed = open.reduce((sum, invoice) => sum + invoice.balanceCents, 0);
  return (
    <p className="text-sm font-semibold" data-testid="order-balance">
      {owed > 0 ? t("client.orderBalance", { amount: format.money(owed, open[0]!.currency) }) : t("client.nothingToPay")}
    </p>
  );
}

function QuoteList({ quotes }: { quotes: QuoteView[] }) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  if (quotes.length === 0) return <p className="text-sm text-muted-foreground">{t("quote.none")}</p>;
  return (
    <ul className="divide-y rounded-md border" data-testid="order-quotes">
      {quotes.map((quote) => (
        <li key={quote.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <span className="font-medium">{quote.reference}</span>
          <span className="flex items-center gap-2">
            <span className="tabular-nums">{format.money(quote.totalCents, quote.currency)}</span>
            <QuoteStateBadge state={quote.displayStatus} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** On /dashboard/service-orders/{id}: the quote editor, "Create invoice", and the order's quotes and invoices. */
export function StaffOrderBilling({ billing, quoteResult }: { billing: Billing; quoteResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const basis = billing.invoiceBasis;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {t("quote.editorTitle")}
            {billing.editableQuoteId && billing.current ? <QuoteStateBadge state={billing.current.displayStatus} /> : null}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t("quote.editorHint")}</p>
        </CardHeader>
        <CardContent>
          <QuoteEditor lastResult={quoteResult} defaultValue={billing.editorDefaults} quoteId={billing.editableQuoteId ?? undefined} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("quote.history")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <section className="space-y-2">
            <h3 className="text-sm font-semibold">{t("quote.quotes")}</h3>
            <QuoteList quotes={billing.quotes} />
          </section>
          <section className="space-y-2">
            <h3 className="text-sm font-semibold">{t("quote.invoices")}</h3>
            <InvoiceList invoices={billing.invoices} hrefOf={(id) => `/dashboard/invoices/${id}`} />
          </section>
          <Form method="post" className="space-y-2" data-testid="create-invoice">
            <input type="hidden" name="intent" value="createInvoice" />
            {basis?.quoteId ? <input type="hidden" name="quoteId" value={basis.quoteId} /> : null}
            <p className="text-sm text-muted-foreground">
              {basis
                ? basis.kind === "quote"
                  ? t("createInvoice.fromQuote", { total: format.money(basis.totalCents) })
                  : t("createInvoice.fromPrice", { total: format.money(basis.totalCents) })
                : t("createInvoice.noBasis")}
            </p>
            <Button type="submit" disabled={!basis}>
              <FilePlus2 className="size-4" aria-hidden />
              {t("createInvoice.submit")}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}

/**
 * On /client/service-orders/{id}: the quote sent to the client, with Accept / Decline, and the order's
 * invoices with what is left to pay. Without a quote, the quote's card shows only while the order
 * is still to be quoted (`awaitingQuote`): past that, "we will send you one" would not be true.
 */
export function ClientOrderBilling({ billing, awaitingQuote }: { billing: Billing; awaitingQuote: boolean }) {
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const quote = billing.current;
  const decidable = quote && quote.displayStatus === "sent";
  return (
    <>
      {quote || awaitingQuote ? (
        <Card data-testid="client-quote">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              {t("quote.title")}
              {quote ? <QuoteStateBadge state={quote.displayStatus} /> : null}
            </CardTitle>
            {quote?.validUntil ? <p className="text-sm text-muted-foreground">{t("quote.validUntilOn", { date: format.day(quote.validUntil) })}</p> : null}
          </CardHeader>
          <CardContent className="space-y-4">
            {quote ? (
              <>
                <MoneyLinesTable lines={quote.lines} currency={quote.currency} totals={{ subtotalCents: quote.subtotalCents, totalCents: quote.totalCents }} />
                {quote.note ? (
                  <p dir="auto" className="whitespace-pre-line text-sm">
                    {quote.note}
                  </p>
                ) : null}
                {decidable ? (
                  <div className="flex flex-wrap items-start gap-3">
                    <Form method="post">
                      <input type="hidden" name="intent" value="acceptQuote" />
                      <input type="hidden" name="quoteId" value={quote.id} />
                      <Button type="submit">
                        <CheckCircle2 className="size-4" aria-hidden />
                        {t("quote.accept")}
                      </Button>
                    </Form>
                    <ConfirmAction
                      label={t("quote.decline")}
                      title={t("quote.declineQuestion")}
                      description={t("quote.declineWarning")}
                      confirmLabel={t("quote.decline")}
                      fields={{ intent: "declineQuote", quoteId: quote.id }}
                      triggerVariant="outline"
                      icon={<XCircle className="size-4" aria-hidden />}
                      testId="decline-quote"
                      reason={{ label: t("quote.declineReason") }}
                    />
                  </div>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-muted-foreground">{t("quote.noneForClient")}</p>
            )}
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t("client.orderInvoices")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <InvoiceList invoices={billing.invoices} hrefOf={(id) => `/client/invoices/${id}`} />
          <OrderBalance invoices={billing.invoices} />
        </CardContent>
      </Card>
    </>
  );
}
