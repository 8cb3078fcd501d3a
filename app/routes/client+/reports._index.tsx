import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Mail, MailOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { Badge } from "~/components/ui/badge";
import { pageLinks } from "~/lib/pagination";
import { requireFeature } from "~/core/identity/guards.server";
import { parseReportListQuery } from "~/features/reports";
import { listReports } from "~/features/reports/index.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const query = parseReportListQuery(new URL(request.url));
  const page = await listReports({ id: user.id, role: "client" }, { page: query.page, perPage: query.perPage, unread: query.unread });
  const t = await getFixedT(await getLanguage(request), "reports");
  return json({ page, unreadOnly: Boolean(query.unread), title: t("list.title") });
}

export default function ClientReports() {
  const { page, unreadOnly } = useLoaderData<typeof loader>();
  const { t } = useTranslation("reports");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader title={t("list.title")} />
      <ListFilters className="flex items-center gap-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="unread" value="1" defaultChecked={unreadOnly} className="size-4" />
          {t("list.unreadOnly")}
        </label>
        <Button type="submit" variant="outline" size="sm">
          {t("list.apply")}
        </Button>
      </ListFilters>
      {page.items.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">{t("list.empty")}</p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card">
          {page.items.map((report) => (
            <li key={report.id} className="flex flex-wrap items-center gap-3 p-4">
              {report.readAt ? <MailOpen className="size-5 text-muted-foreground" aria-hidden /> : <Mail className="size-5 text-primary" aria-hidden />}
              <div className="min-w-0 flex-1">
                <Link
                  to={`/client/reports/${report.id}`}
                  className={report.readAt ? "underline-offset-4 hover:underline" : "font-semibold underline-offset-4 hover:underline"}
                >
                  {report.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={report.createdAt}>{format.date(report.createdAt)}</time>
                  {report.orderReference ? ` · ${report.orderReference}` : ""}
                </p>
              </div>
              {report.readAt ? <span className="text-xs text-muted-foreground">{t("list.read")}</span> : <Badge tone="primary">{t("list.unread")}</Badge>}
            </li>
          ))}
        </ul>
      )}
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["reports"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
