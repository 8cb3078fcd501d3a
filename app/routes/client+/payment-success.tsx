import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckCircle2, Clock, HelpCircle, RefreshCw, XCircle, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/core/identity/guards.server";
import { latestPaymentOfClient } from "~/features/billing/index.server";
import { readCheckoutState } from "~/features/payments/index.server";
import { isAppError } from "~/lib/app-error";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";

/**
 * /client/payment-success: where Stripe Checkout sends the client back.
 * With `?session_id=` the session's real state is read on the server from the provider
 * (paid, still processing, failed or cancelled; a paid one is recorded by that read if the
 * webhook has not done it yet); nothing is taken from the query string but the id, and a
 * session that is not the reader's own is "unknown". Without it, the client's latest payment
 * and a way to their invoices. Never a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "billing");
  const sessionId = (new URL(request.url).searchParams.get("session_id") ?? "").trim().slice(0, 255);
  const title = t("success.title");
  if (!sessionId) {
    return json({ title, checkout: null, latest: await latestPaymentOfClient(user.id) });
  }
  try {
    const result = await readCheckoutState({ id: user.id, role: user.role, ip: null }, sessionId);
    return json({
      title,
      checkout: { sessionId, state: result.state as string, invoiceId: result.invoiceId, invoiceNumber: result.invoiceNumber, amountCents: result.amountCents },
      latest: null,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Not the reader's session, or the provider cannot be reached now: said plainly, never a 404.
    const state = error.status === 503 ? "processing" : "unknown";
    return json({ title, checkout: { sessionId, state, invoiceId: null, invoiceNumber: null, amountCents: 0 }, latest: null });
  }
}

const LOOK: Record<string, { icon: LucideIcon; className: string }> = {
  paid: { icon: CheckCircle2, className: "border-success/40 bg-success/10 text-success" },
  processing: { icon: Clock, className: "border-warning/40 bg-warning/10 text-warning" },
  failed: { icon: XCircle, className: "border-destructive/40 bg-destructive/10 text-destructive" },
  cancelled: { icon: XCircle, className: "border-border bg-muted text-foreground" },
  unknown: { icon: HelpCircle, className: "border-border bg-muted text-foreground" },
};

export default function PaymentSuccess() {
  const { checkout, latest } = useLoaderData<typeof loader>();
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const invoicesLink = (
    <Link to="/client/invoices" className={buttonVariants({ variant: "outline" })}>
      {t("success.viewInvoices")}
    </Link>
  );

  if (!checkout) {
    return (
      <div className="space-y-6">
        <PageHeader title={t("success.title")} />
        <Card>
          <CardHeader>
            <CardTitle>{t("success.latestTitle")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {latest ? (
              <p data-testid="latest-payment">
                {t("success.latest", { amount: format.money(latest.amountCents), date: format.date(latest.receivedAt), number: latest.invoiceNumber ?? "" })}
              </p>
            ) : (
              <p className="text-muted-foreground">{t("success.noPayment")}</p>
            )}
            <div className="flex flex-wrap gap-2">
              {latest ? (
                <Link to={`/client/invoices/${latest.invoiceId}`} className={buttonVariants()}>
                  {t("success.viewInvoice")}
                </Link>
              ) : null}
              {invoicesLink}
            </div>
          </CardContent>
        </Card>
      </div>
    );
  }

  const { icon: Icon, className } = LOOK[checkout.state] ?? LOOK.unknown!;
  const params = { number: checkout.invoiceNumber ?? "", amount: format.money(checkout.amountCents) };
  return (
    <div className="space-y-6">
      <PageHeader title={t("success.title")} />
      <section className={cn("flex items-start gap-3 rounded-lg border p-5", className)} role="status" data-testid="payment-state" data-state={checkout.state}>
        <Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
        <div className="space-y-2 text-foreground">
          <h2 className="text-lg font-semibold">{t(`success.${checkout.state}`)}</h2>
          <p className="text-sm">{t(`success.${checkout.state}Body`, params)}</p>
        </div>
      </section>
      <div className="flex flex-wrap gap-2">
        {checkout.state === "processing" ? (
          <Link to={`?${new URLSearchParams({ session_id: checkout.sessionId })}`} reloadDocument className={buttonVariants()}>
            <RefreshCw className="size-4" aria-hidden />
            {t("success.refresh")}
          </Link>
        ) : null}
        {checkout.invoiceId ? (
          <Link to={`/client/invoices/${checkout.invoiceId}`} className={buttonVariants({ variant: checkout.state === "processing" ? "outline" : "default" })}>
            {checkout.state === "failed" || checkout.state === "cancelled" ? t("success.tryAgain") : t("success.viewInvoice")}
          </Link>
        ) : null}
        {invoicesLink}
      </div>
    </div>
  );
}

export const handle = { i18n: ["billing"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
