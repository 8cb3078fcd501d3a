import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Rating } from "~/features/reports/report-parts";
import { parseReportListQuery } from "~/features/reports/reports.schema";
import { listReports } from "~/features/reports/reports.server";
import { formatDate } from "~/features/service-orders/format";
import { DataTable } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/features/auth/guards.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const query = parseReportListQuery(new URL(request.url));
  const t = await getFixedT(await getLanguage(request), "reports");
  return json({ page: await listReports(user, query), q: query.q ?? "", pageTitle: t("admin.title") });
}

export default function DashboardReports() {
  const { page, q } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("reports");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("admin.title")}</h1>
        <Link to="/dashboard/reports/new" className={buttonVariants()}>
          <Plus aria-hidden />
          {t("admin.new")}
        </Link>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="q">{t("admin.search")}</Label>
          <Input id="q" name="q" type="search" defaultValue={q} className="w-72" />
        </div>
        <Button type="submit" variant="outline">
          {t("list.apply")}
        </Button>
      </Form>
      <DataTable
        caption={t("admin.title")}
        rows={page.items}
        rowKey={(report) => report.id}
        empty={t("list.empty")}
        columns={[
          {
            header: t("admin.reportTitle"),
            cell: (report) => (
              <>
                <Link to={`/dashboard/reports/${report.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {report.title}
                </Link>
                {report.orderReference ? <span className="block text-xs text-muted-foreground">{report.orderReference}</span> : null}
              </>
            ),
          },
          { header: t("admin.client"), cell: (report) => report.clientName },
          { header: t("admin.sent"), cell: (report) => formatDate(report.createdAt, i18n.language) },
          {
            header: t("admin.readState"),
            cell: (report) => (report.readAt ? t("admin.readOn", { date: formatDate(report.readAt, i18n.language) }) : t("list.unread")),
          },
          {
            header: t("admin.feedback"),
            cell: (report) => (report.feedbackRating ? <Rating value={report.feedbackRating} /> : t("admin.noFeedback")),
          },
        ]}
      />
      <Pagination page={page.page} pageCount={page.pageCount} total={page.total} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
