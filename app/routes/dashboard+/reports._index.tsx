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
import { Pagination } from "~/components/ui/pagination";
import { requireStaff } from "~/lib/auth.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
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
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("admin.title")}</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="p-3 text-start font-semibold">{t("admin.reportTitle")}</th>
              <th scope="col" className="p-3 text-start font-semibold">{t("admin.client")}</th>
              <th scope="col" className="p-3 text-start font-semibold">{t("admin.sent")}</th>
              <th scope="col" className="p-3 text-start font-semibold">{t("admin.readState")}</th>
              <th scope="col" className="p-3 text-start font-semibold">{t("admin.feedback")}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.length === 0 ? (
              <tr>
                <td colSpan={5} className="p-6 text-center text-muted-foreground">
                  {t("list.empty")}
                </td>
              </tr>
            ) : (
              page.items.map((report) => (
                <tr key={report.id} className="border-t">
                  <td className="p-3">
                    <Link to={`/dashboard/reports/${report.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                      {report.title}
                    </Link>
                    {report.orderReference ? <span className="block text-xs text-muted-foreground">{report.orderReference}</span> : null}
                  </td>
                  <td className="p-3">{report.clientName}</td>
                  <td className="p-3">{formatDate(report.createdAt, i18n.language)}</td>
                  <td className="p-3">{report.readAt ? t("admin.readOn", { date: formatDate(report.readAt, i18n.language) }) : t("list.unread")}</td>
                  <td className="p-3">{report.feedbackRating ? <Rating value={report.feedbackRating} /> : t("admin.noFeedback")}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page.page} pageCount={page.pageCount} total={page.total} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
