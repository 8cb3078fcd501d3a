import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AlertTriangle, CreditCard, FileDown, Printer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/core/identity/guards.server";
import { getInvoice } from "~/features/billing/index.server";
import { InvoiceStateBadge, PaymentsTable, MoneyLinesTable, otherWaysToPay, PrintStyles } from "~/features/billing";
import { getFirm } from "~/core/office/firm.server";
import { startCheckout, isStripeConfigured } from "~/features/payments/index.server";
import { useFormatter } from "~/lib/format";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/**
 * /client/invoices/{id}: the client's own invoice (someone else's is not found), printable
 * (a print stylesheet leaves the area's frame and the buttons out), with "Pay now" when online
 * payment is configured: a plain form post whose answer is a redirect to Stripe Checkout.
 * Staff may open it too (its printable face) but only the invoice's client pays.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const invoice = await loadOrNotFound(getInvoice(user, params.id!));
  const url = new URL(request.url);
  const t = await getFixedT(await getLanguage(request), "billing");
  const firm = await getFirm();
  return json({
    invoice,
    firm: { name: firm.legalName ?? firm.name, address: firm.address, phone: firm.phone, email: firm.email },
    otherWays: otherWaysToPay(t, firm, invoice),
    canPayOnline: isStripeConfigured() && invoice.clientId === user.id && invoice.status === "open" && invoice.balanceCents > 0,
    checkoutCancelled: url.searchParams.get("checkout") === "cancelled",
    title: t("invoice.title", { number: invoice.number ?? "" }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  try {
    const { url } = await startCheckout({ id: user.id, role: user.role, ip: clientIp(request) }, params.id!);
    return redirect(url);
  } catch (error) {
    return refusal(request, error);
  }
}

export default function ClientInvoice() {
  const { invoice, firm, otherWays, canPayOnline, checkoutCancelled } = useLoaderData<typeof loader>();
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const grossPaid = invoice.paidCents + invoice.refundedCents;
  return (
    <div className="space-y-6">
      <PrintStyles />
      <div data-print="hide">
        <PageHeader
          back={{ to: "/client/invoices", label: t("invoice.back") }}
          title={t("invoice.title", { number: invoice.number ?? "" })}
          badge={<InvoiceStateBadge state={invoice.status} className="text-sm" />}
          actions={
            <>
              <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
                <Printer className="size-4" aria-hidden />
                {t("client.print")}
              </Button>
              <a href={`/resources/invoices/${invoice.id}.pdf`} className={buttonVariants({ variant: "outline", size: "sm" })} download>
                <FileDown className="size-4" aria-hidden />
                {t("client.pdf")}
              </a>
            </>
          }
        />
      </div>

      {checkoutCancelled && invoice.status === "open" ? (
        <p
          role="status"
          data-print="hide"
          className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
          data-testid="checkout-cancelled"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <span>
            <strong>{t("success.cancelled")}</strong> {t("success.cancelledBody", { number: invoice.number })}
          </span>
        </p>
      ) : null}

      {invoice.status === "open" && invoice.balanceCents > 0 ? (
        <Card data-print="hide">
          <CardHeader>
            <CardTitle>
              {t("lines.balance")}: {format.money(invoice.balanceCents, invoice.currency)}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {canPayOnline ? (
              <Form method="post" reloadDocument className="space-y-2">
                <p className="text-sm text-muted-foreground">{t("client.payHint")}</p>
                <Button type="submit">
                  <CreditCard className="size-4" aria-hidden />
                  {t("client.payNow")}
                </Button>
              </Form>
            ) : (
              <p className="text-sm">{t("client.payInOffice", { number: invoice.number })}</p>
            )}
          </CardContent>
        </Card>
      ) : null}

      <article className="space-y-6 rounded-lg border bg-card p-6" data-print="sheet" aria-label={t("print.invoice")}>
        <div className="flex flex-wrap justify-between gap-6">
          <div className="space-y-1 text-sm">
            <p className="text-xs font-semibold uppercase text-muted-foreground">{t("print.from")}</p>
            <p className="font-semibold">{firm.name}</p>
            <p>
              <bdi>{firm.address.street}</bdi>
            </p>
            <p>
              <bdi>
                {firm.address.city}, {firm.address.region} {firm.address.postalCode}
              </bdi>
            </p>
            <p dir="ltr" className="text-start">
              {firm.phone} · {firm.email}
            </p>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">{t("print.number")}</dt>
            <dd data-testid="invoice-number">{invoice.number}</dd>
            {invoice.issuedAt ? (
              <>
                <dt className="font-semibold">{t("print.date")}</dt>
                <dd>{format.date(invoice.issuedAt)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">{t("print.due")}</dt>
            <dd data-testid="invoice-due">{invoice.dueDate ? format.day(invoice.dueDate) : t("print.dueOnReceipt")}</dd>
            {invoice.orderReference ? (
              <>
                <dt className="font-semibold">{t("admin.order")}</dt>
                <dd>{invoice.orderReference}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <div className="space-y-1 text-sm">
          <p className="text-xs font-semibold uppercase text-muted-foreground">{t("print.billTo")}</p>
          <p className="font-semibold">{invoice.clientName}</p>
          <p>{invoice.clientEmail}</p>
        </div>
        <MoneyLinesTable
          lines={invoice.lines}
          currency={invoice.currency}
          totals={{
            subtotalCents: invoice.subtotalCents,
            totalCents: invoice.totalCents,
            paidCents: grossPaid,
            refundedCents: invoice.refundedCents,
            balanceCents: invoice.balanceCents,
          }}
        />
        {invoice.note ? (
          <p dir="auto" className="whitespace-pre-line text-sm">
            {invoice.note}
          </p>
        ) : null}
        {otherWays.length > 0 ? (
          <section className="space-y-2" data-testid="other-ways-to-pay">
            <h2 className="text-base font-semibold">{t("print.otherWays")}</h2>
            <ul className="list-disc space-y-1 ps-5 text-sm">
              {otherWays.map((way) => (
                <li key={way}>{way}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="space-y-2">
          <h2 className="text-base font-semibold">{t("invoice.payments")}</h2>
          <PaymentsTable payments={invoice.payments} kind="payment" testId="payments" />
        </section>
        {invoice.refundedCents > 0 ? (
          <section className="space-y-2">
            <h2 className="text-base font-semibold">{t("invoice.refunds")}</h2>
            <PaymentsTable payments={invoice.payments} kind="refund" />
          </section>
        ) : null}
        <p className="text-sm text-muted-foreground">{t("print.thanks")}</p>
      </article>
    </div>
  );
}

export const handle = { i18n: ["billing"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
