import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Rating, ReportContent } from "~/features/reports/report-parts";
import { deleteReport, getReport } from "~/features/reports/reports.server";
import { DomainError } from "~/features/service-orders/errors.server";
import { formatDate } from "~/features/service-orders/format";
import { requireAdmin } from "~/features/auth/guards.server";
import { invariantResponse } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  try {
    return json({ report: await getReport(user, params.id!) });
  } catch (error) {
    invariantResponse(!(error instanceof DomainError), "Not Found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  invariantResponse(form.get("intent") === "delete", "Bad Request", { status: 400 });
  try {
    await deleteReport(user, params.id!);
  } catch (error) {
    invariantResponse(!(error instanceof DomainError), "Not Found", { status: 404 });
    throw error;
  }
  return redirectWithToast("/dashboard/reports", { type: "success", message: "reports:admin.deleted" });
}

export default function DashboardReport() {
  const { report } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("reports");
  return (
    <div className="space-y-6">
      <Link to="/dashboard/reports" className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t("admin.back")}
      </Link>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{report.title}</h1>
        <p className="text-sm text-muted-foreground">
          {t("admin.to", { client: report.clientName, email: report.clientEmail })} · {formatDate(report.createdAt, i18n.language, true)}
          {report.orderReference ? (
            <>
              {" · "}
              <Link to={`/dashboard/service-orders/${report.orderId}`} className="text-primary underline-offset-4 hover:underline">
                {report.orderReference}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ReportContent html={report.bodyHtml} files={report.files} />
        </div>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("admin.readState")}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">{report.readAt ? t("admin.readOn", { date: formatDate(report.readAt, i18n.language, true) }) : t("list.unread")}</CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("admin.feedback")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2 text-sm">
              {report.feedbackRating ? (
                <>
                  <Rating value={report.feedbackRating} />
                  {report.feedbackComment ? <blockquote className="whitespace-pre-line border-s-4 ps-3">{report.feedbackComment}</blockquote> : null}
                </>
              ) : (
                <p className="text-muted-foreground">{t("admin.noFeedback")}</p>
              )}
            </CardContent>
          </Card>
          <Form method="post">
            <details>
              <summary className="cursor-pointer text-sm font-semibold text-destructive">{t("admin.delete")}</summary>
              <p className="my-2 text-sm">{t("admin.deleteWarning")}</p>
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="destructive" size="sm">
                {t("admin.deleteConfirm")}
              </Button>
            </details>
          </Form>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.report.title ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
