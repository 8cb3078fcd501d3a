import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/core/identity/guards.server";
import { Rating, ReportContent } from "~/features/reports";
import { deleteReport, getReport } from "~/features/reports/index.server";
import { useFormatter } from "~/lib/format";
import { invariantResponse, loadOrNotFound, refusal } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const report = await loadOrNotFound(getReport(user, params.id!));
  return json({ report, title: report.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  invariantResponse(form.get("intent") === "delete", "Bad Request", { status: 400 });
  try {
    await deleteReport(user, params.id!);
  } catch (error) {
    return refusal(request, error);
  }
  return redirectWithToast("/dashboard/reports", { type: "success", message: "reports:admin.deleted" });
}

export default function DashboardReport() {
  const { report } = useLoaderData<typeof loader>();
  const { t } = useTranslation("reports");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/dashboard/reports", label: t("admin.back") }}
        title={report.title}
        description={
          <>
            {t("admin.to", { client: report.clientName, email: report.clientEmail })} ·{" "}
            <time dateTime={report.createdAt}>{format.dateTime(report.createdAt)}</time>
            {report.orderReference ? (
              <>
                {" · "}
                {/* Underlined: a link inside a line of text is told apart by more than its colour. */}
                <Link to={`/dashboard/service-orders/${report.orderId}`} className="text-primary underline underline-offset-4">
                  {report.orderReference}
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ReportContent html={report.bodyHtml} files={report.files} />
        </div>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("admin.readState")}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              {report.readAt ? <time dateTime={report.readAt}>{t("admin.readOn", { date: format.dateTime(report.readAt) })}</time> : t("list.unread")}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("admin.feedback")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2 text-sm">
              {report.feedbackRating ? (
                <>
                  <Rating value={report.feedbackRating} />
                  {report.feedbackComment ? (
                    <blockquote dir="auto" className="whitespace-pre-line border-s-4 ps-3">
                      {report.feedbackComment}
                    </blockquote>
                  ) : null}
                </>
              ) : (
                <p className="text-muted-foreground">{t("admin.noFeedback")}</p>
              )}
            </CardContent>
          </Card>
          <ConfirmAction
            label={t("admin.delete")}
            title={t("admin.deleteQuestion")}
            description={t("admin.deleteWarning")}
            confirmLabel={t("admin.deleteConfirm")}
            fields={{ intent: "delete" }}
            triggerVariant="destructive"
            icon={<Trash2 aria-hidden className="size-4" />}
            testId="delete-report"
          />
        </div>
      </div>
    </div>
  );
}

export const handle = { i18n: ["reports", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
