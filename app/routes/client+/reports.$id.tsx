import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Rating, ReportContent } from "~/features/reports/report-parts";
import { FeedbackSchema } from "~/features/reports/reports.schema";
import { getReport, markReportRead, submitFeedback } from "~/features/reports/reports.server";
import { DomainError } from "~/features/service-orders/errors.server";
import { formatDate } from "~/features/service-orders/format";
import { requireFeature } from "~/features/auth/guards.server";
import { invariantResponse } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const actor = { id: user.id, role: "client" };
  try {
    // Opening the report is reading it: the read marker is set once, on the first visit.
    await markReportRead(actor, params.id!);
    return json({ report: await getReport(actor, params.id!) });
  } catch (error) {
    invariantResponse(!(error instanceof DomainError), "Not Found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const submission = parseWithZod(await request.formData(), { schema: FeedbackSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await submitFeedback({ id: user.id, role: "client" }, params.id!, submission.value);
  } catch (error) {
    invariantResponse(!(error instanceof DomainError), "Not Found", { status: 404 });
    throw error;
  }
  return redirectWithToast(`/client/reports/${params.id}`, { type: "success", message: "reports:feedback.saved" });
}

export default function ClientReport() {
  const { report } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("reports");
  const [form, fields] = useZodForm(FeedbackSchema, {
    id: "feedback",
    lastResult: actionData?.result,
    defaultValue: { rating: report.feedbackRating ? String(report.feedbackRating) : undefined, comment: report.feedbackComment ?? "" },
  });

  return (
    <div className="space-y-6">
      <Link to="/client/reports" className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t("detail.back")}
      </Link>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{report.title}</h1>
        <p className="text-sm text-muted-foreground">
          {t("detail.sentOn", { date: formatDate(report.createdAt, i18n.language) })}
          {report.orderReference ? (
            <>
              {" · "}
              <Link to={`/client/service-orders/${report.orderId}`} className="text-primary underline-offset-4 hover:underline">
                {t("detail.order", { reference: report.orderReference })}
              </Link>
            </>
          ) : null}
        </p>
      </div>
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
                  <label key={n} className="flex cursor-pointer items-center gap-1.5 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                    <input type="radio" name={fields.rating.name} value={n} defaultChecked={fields.rating.initialValue === String(n)} required className="size-4" />
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.report.title ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
