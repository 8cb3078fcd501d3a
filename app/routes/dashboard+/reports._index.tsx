import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { pageLinks } from "~/lib/pagination";
import { requireAdmin } from "~/core/identity/guards.server";
import { Rating, parseReportListQuery } from "~/features/reports";
import { listReports } from "~/features/reports/index.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const query = parseReportListQuery(new URL(request.url));
  const t = await getFixedT(await getLanguage(request), "reports");
  return json({ page: await listReports(user, query), q: query.q ?? "", title: t("admin.title") });
}

export default function DashboardReports() {
  const { page, q } = useLoaderData<typeof loader>();
  const { t } = useTranslation("reports");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("admin.title")}
        actions={
          <Link to="/dashboard/reports/new" className={buttonVariants()}>
            <Plus aria-hidden />
            {t("admin.new")}
          </Link>
        }
      />
      <ListFilters className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="q">{t("admin.search")}</Label>
          <Input id="q" name="q" type="search" defaultValue={q} className="w-72" />
        </div>
        <Button type="submit" variant="outline">
          {t("list.apply")}
        </Button>
      </ListFilters>
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
          { header: t("admin.sent"), cell: (report) => format.date(report.createdAt) },
          {
            header: t("admin.readState"),
            cell: (report) => (report.readAt ? t("admin.readOn", { date: format.date(report.readAt) }) : t("list.unread")),
          },
          {
            header: t("admin.feedback"),
            cell: (report) => (report.feedbackRating ? <Rating value={report.feedbackRating} /> : t("admin.noFeedback")),
          },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["reports"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
