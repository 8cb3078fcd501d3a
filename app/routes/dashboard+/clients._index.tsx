import { ListFilters } from "~/components/list-filters";
import { Pagination } from "~/components/ui/pagination";
import { pageLinks } from "~/lib/pagination";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckCircle2, CircleSlash, Search, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PageHeader } from "~/components/page-header";
import { translate } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { parseUsersQuery } from "~/features/users";
import { listUsers } from "~/features/users/index.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { DateRangeFields } from "~/components/date-range-fields";
import { useFormatter } from "~/lib/format";
import { DataTable } from "~/components/ui/data-table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const query = parseUsersQuery(new URL(request.url));
  const page = await listUsers("users", { ...query, timeZone: await viewerTimeZone(user) });
  return json({ page, q: query.q ?? "", from: query.from ?? "", to: query.to ?? "", title: await translate(request, "users:list.title") });
}

export default function ClientsPage() {
  const { t } = useTranslation("users");
  const { page, q, from, to } = useLoaderData<typeof loader>();
  const format = useFormatter();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("list.title")}
        description={t("list.subtitle")}
        actions={
          <Button asChild>
            <Link to="/dashboard/clients/new">
              <UserPlus aria-hidden="true" />
              {t("list.new")}
            </Link>
          </Button>
        }
      />

      <ListFilters active={[q, from, to].filter(Boolean).length} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="users-search">{t("list.search")}</Label>
          <Input id="users-search" type="search" name="q" defaultValue={q} className="w-72 max-w-full" />
        </div>
        <DateRangeFields from={from} to={to} idPrefix="users" />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          {t("list.searchSubmit")}
        </Button>
      </ListFilters>

      <DataTable
        caption={t("list.caption", { count: page.total })}
        rows={page.items}
        rowKey={(user) => user.id}
        empty={t("list.empty")}
        columns={[
          {
            header: t("fields.fullName"),
            cell: (user) => (
              <Link to={`/dashboard/clients/${user.id}`} className="primary-link">
                {user.fullName}
              </Link>
            ),
          },
          { header: t("fields.email"), cell: (user) => user.email },
          { header: t("fields.role"), cell: (user) => t(`roles.${user.role}`, { defaultValue: user.role }) },
          {
            header: t("fields.status"),
            cell: (user) =>
              user.anonymisedAt ? (
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  <CircleSlash aria-hidden="true" className="size-4" />
                  {t("status.anonymised")}
                </span>
              ) : user.disabled ? (
                <span className="inline-flex items-center gap-1 text-destructive">
                  <CircleSlash aria-hidden="true" className="size-4" />
                  {t("status.disabled")}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                  <CheckCircle2 aria-hidden="true" className="size-4" />
                  {t("status.active")}
                </span>
              ),
          },
          { header: t("fields.createdAt"), cell: (user) => format.date(user.createdAt) },
        ]}
      />

      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["users"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
