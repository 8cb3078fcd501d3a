import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { MailOpen } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireFeature } from "~/core/identity/guards.server";
import { Rating, ReportContent, FeedbackSchema } from "~/features/reports";
import { getReport, markReportRead, submitFeedback } from "~/features/reports/index.server";
import { useFormatter } from "~/lib/format";
import { loadOrNotFound, refusal } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * A report for its client. Reading changes nothing on GET: the page posts the read
 * marker when it opens (with JavaScript); without JavaScript the client marks it with
 * "Mark as read", or by giving feedback.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const report = await loadOrNotFound(getReport({ id: user.id, role: "client" }, params.id!));
  return json({ report, title: report.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const actor = { id: user.id, role: "client" };
  const form = await request.formData();
  if (form.get("intent") === "read") {
    try {
      return json(await markReportRead(actor, params.id!));
    } catch (error) {
      return refusal(request, error);
    }
  }
  const submission = parseWithZod(form, { schema: FeedbackSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await submitFeedback(actor, params.id!, submission.value);
  } catch (error) {
    return refusal(request, error, submission);
  }
  return redirectWithToast(`/client/reports/${params.id}`, { type: "success", message: "reports:feedback.saved" });
}

/** Posts the read marker once when an unread report is opened (JavaScript on); the page revalidates. */
function useMarkReadOnOpen(reportId: string, unread: boolean) {
  const { submit } = useFetcher();
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!unread || posted.current === reportId) return;
    posted.current = reportId;
    submit({ intent: "read" }, { method: "post" });
  }, [reportId, unread, submit]);
}

export default function ClientReport() {
  const { report } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("reports");
  const format = useFormatter();
  const hydrated = useHydrated();
  useMarkReadOnOpen(report.id, !report.readAt);
  const [form, fields] = useZodForm(FeedbackSchema, {
    id: "feedback",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { rating: report.feedbackRating ? String(report.feedbackRating) : undefined, comment: report.feedbackComment ?? "" },
  });

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/client/reports", label: t("detail.back") }}
        title={report.title}
        description={
          <>
            {t("detail.sentOn", { date: format.date(report.createdAt) })}
            {report.orderReference ? (
              <>
                {" · "}
                <Link to={`/client/service-orders/${report.orderId}`} className="text-primary underline underline-offset-4">
                  {t("detail.order", { reference: report.orderReference })}
                </Link>
              </>
            ) : null}
          </>
        }
        actions={
          // Without JavaScript nothing posts the marker on opening: the client marks it here.
          !report.readAt && !hydrated ? (
            <Form method="post">
              <input type="hidden" name="intent" value="read" />
              <Button type="submit" variant="outline" size="sm">
                <MailOpen aria-hidden />
                {t("detail.markRead")}
              </Button>
            </Form>
          ) : null
        }
      />
      <ReportContent html={report.bodyHtml} files={report.files} />
      <Card>
        <CardHeader>
          <CardTitle>{t("feedback.title")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {report.feedbackRating ? (
            <p className="text-sm">
              {t("feedback.yours")} <Rating value={report.feedbackRating} />
            </p>
          ) : null}
          <Form method="post" className="space-y-4" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
              <legend className="mb-2 text-sm font-semibold">{t("feedback.rating")}</legend>
              <div className="flex flex-wrap gap-2">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label
                    key={n}
                    className="flex cursor-pointer items-center gap-1.5 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                  >
                    <input
                      type="radio"
                      name={fields.rating.name}
                      value={n}
                      defaultChecked={fields.rating.initialValue === String(n)}
                      required
                      className="size-4"
                    />
                    {t("feedback.ratingOption", { rating: n })}
                  </label>
                ))}
              </div>
              <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors} />
            </fieldset>
            <TextareaField field={fields.comment} label={t("feedback.comment")} textareaProps={{ rows: 4 }} />
            <Button type="submit">{report.feedbackRating ? t("feedback.update") : t("feedback.submit")}</Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export const handle = { i18n: ["reports", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
