import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Ban, FileDown, Printer, Send } from "lucide-react";
import { DateTime } from "luxon";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireAdmin } from "~/core/identity/guards.server";
import {
  InvoiceVoidFormSchema,
  PaymentFormSchema,
  centsToDecimal,
  PAYMENT_TERM_DAYS,
  InvoiceStateBadge,
  InvoiceHistory,
  PaymentsTable,
  MoneyLinesTable,
  RecordPaymentForm,
} from "~/features/billing";
import { getInvoice, issueInvoice, voidInvoice, recordManualPayment } from "~/features/billing/index.server";
import { officeToday } from "~/core/office/today.server";
import { createFormatter, useFormatter } from "~/lib/format";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const invoice = await loadOrNotFound(getInvoice(user, params.id!));
  const t = await getFixedT(await getLanguage(request), "billing");
  const today = await officeToday();
  // Issuing offers the draft's due date, else the firm's usual term from today.
  const issueDueDate = invoice.dueDate ?? DateTime.fromISO(today).plus({ days: PAYMENT_TERM_DAYS }).toISODate()!;
  return json({ invoice, today, issueDueDate, title: invoice.number ? t("invoice.title", { number: invoice.number }) : t("invoice.draftTitle") });
}

type ActionData = { intent: string; result?: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const actor = { ...user, ip: clientIp(request) };
  const id = params.id!;
  const back = `/dashboard/invoices/${id}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "payment":
      case "refund": {
        const submission = parseWithZod(form, { schema: PaymentFormSchema });
        if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
        try {
          await recordManualPayment(actor, id, { ...submission.value, kind: intent });
        } catch (error) {
          // The rule module names the API's field; the form's is "amount".
          const field = (error as { field?: string }).field;
          if (field === "amountCents") Object.assign(error as object, { field: "amount" });
          return await refusal(request, error, submission, { intent });
        }
        const language = await getLanguage(request);
        const amount = createFormatter(language).money(submission.value.amountCents);
        return redirectWithToast(back, {
          type: "success",
          message: intent === "payment" ? "billing:payment.recorded" : "billing:refund.recorded",
          params: { amount },
        });
      }
      case "issue": {
        const { number } = await issueInvoice(actor, id, { dueDate: String(form.get("dueDate") ?? "").trim() || null });
        return redirectWithToast(back, { type: "success", message: "billing:invoice.issued", params: { number } });
      }
      case "void": {
        const submission = parseWithZod(form, { schema: InvoiceVoidFormSchema });
        if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
        await voidInvoice(actor, id, submission.value.reason);
        return redirectWithToast(back, { type: "success", message: "billing:invoice.voided" });
      }
      default:
        return json<ActionData>({ intent }, { status: 400 });
    }
  } catch (error) {
    return refusal(request, error);
  }
}

export default function DashboardInvoice() {
  const { invoice, today, issueDueDate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("billing");
  const format = useFormatter();
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const title = invoice.number ? t("invoice.title", { number: invoice.number }) : t("invoice.draftTitle");
  const netPaid = invoice.paidCents;
  const grossPaid = netPaid + invoice.refundedCents;

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/dashboard/invoices", label: t("invoice.back") }}
        title={title}
        badge={<InvoiceStateBadge state={invoice.status} className="text-sm" />}
        description={
          <>
            {invoice.clientName} ({invoice.clientEmail})
            {invoice.orderId && invoice.orderReference ? (
              <>
                {" · "}
                <Link to={`/dashboard/service-orders/${invoice.orderId}`} className="underline-offset-4 hover:underline">
                  {t("invoice.order", { reference: invoice.orderReference })}
                </Link>
              </>
            ) : null}
            {invoice.issuedAt ? ` · ${t("invoice.issuedOn", { date: format.date(invoice.issuedAt) })}` : null}
            {invoice.dueDate ? ` · ${t("invoice.dueOn", { date: format.day(invoice.dueDate) })}` : invoice.issuedAt ? ` · ${t("invoice.dueOnReceipt")}` : null}
          </>
        }
        actions={
          invoice.status !== "draft" ? (
            <>
              <Link to={`/client/invoices/${invoice.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Printer className="size-4" aria-hidden />
                {t("invoice.print")}
              </Link>
              <a href={`/resources/invoices/${invoice.id}.pdf`} className={buttonVariants({ variant: "outline", size: "sm" })} download>
                <FileDown className="size-4" aria-hidden />
                {t("invoice.pdf")}
              </a>
            </>
          ) : null
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("invoice.lines")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
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
              {invoice.voidReason ? <p className="text-sm text-muted-foreground">{invoice.voidReason}</p> : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("invoice.payments")}</CardTitle>
            </CardHeader>
            <CardContent>
              <PaymentsTable payments={invoice.payments} kind="payment" showRecorder testId="payments" />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("invoice.refunds")}</CardTitle>
            </CardHeader>
            <CardContent>
              <PaymentsTable payments={invoice.payments} kind="refund" showRecorder testId="refunds" />
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          {invoice.status === "draft" ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("invoice.issue")}</CardTitle>
              </CardHeader>
              <CardContent>
                <ConfirmAction
                  label={t("invoice.issue")}
                  title={t("invoice.issueQuestion")}
                  description={t("invoice.issueWarning")}
                  confirmLabel={t("invoice.issueConfirm")}
                  fields={{ intent: "issue" }}
                  triggerVariant="default"
                  icon={<Send className="size-4" aria-hidden />}
                  testId="issue-invoice"
                >
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor="issue-due-date">{t("invoice.issueDue")}</Label>
                    <Input id="issue-due-date" name="dueDate" type="date" min={today} defaultValue={issueDueDate} aria-describedby="issue-due-date-hint" />
                    <p id="issue-due-date-hint" className="text-xs text-muted-foreground">
                      {t("invoice.issueDueHint")}
                    </p>
                  </div>
                </ConfirmAction>
              </CardContent>
            </Card>
          ) : null}
          {invoice.status === "open" ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("payment.title")}</CardTitle>
                <p className="text-sm text-muted-foreground">{t("payment.hint")}</p>
              </CardHeader>
              <CardContent>
                <RecordPaymentForm kind="payment" lastResult={resultFor("payment")} today={today} defaultAmount={centsToDecimal(invoice.balanceCents)} />
              </CardContent>
            </Card>
          ) : null}
          {(invoice.status === "open" || invoice.status === "paid") && netPaid > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("refund.title")}</CardTitle>
                <p className="text-sm text-muted-foreground">{t("refund.hint")}</p>
              </CardHeader>
              <CardContent>
                <RecordPaymentForm kind="refund" lastResult={resultFor("refund")} today={today} defaultAmount="" />
              </CardContent>
            </Card>
          ) : null}
          {invoice.status === "draft" || (invoice.status === "open" && netPaid === 0) ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("invoice.void")}</CardTitle>
              </CardHeader>
              <CardContent>
                <ConfirmAction
                  label={t("invoice.void")}
                  title={t("invoice.voidQuestion")}
                  description={t("invoice.voidWarning")}
                  confirmLabel={t("invoice.voidConfirm")}
                  fields={{ intent: "void" }}
                  triggerVariant="ghost"
                  className="text-destructive"
                  icon={<Ban className="size-4" aria-hidden />}
                  testId="void-invoice"
                  reason={{ label: t("invoice.voidReason") }}
                />
              </CardContent>
            </Card>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle>{t("invoice.history")}</CardTitle>
            </CardHeader>
            <CardContent>
              <InvoiceHistory events={invoice.history} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

export const handle = { i18n: ["billing"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
