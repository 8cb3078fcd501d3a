import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DateRangeFields } from "~/components/date-range-fields";
import { FilterSelect } from "~/components/filter-select";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { peopleOptions } from "~/components/select-options";
import { pageLinks } from "~/lib/pagination";
import { requireAdmin } from "~/core/identity/guards.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { ORDER_SORTS, parseOrderListQuery, ORDER_STATUSES, overdueLabel, OrderStatusBadge, OverdueFlag } from "~/features/service-orders";
import { listAssignees, listOrders } from "~/features/service-orders/index.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const language = await getLanguage(request);
  const query = parseOrderListQuery(new URL(request.url));
  const t = await getFixedT(language, "orders");
  return json({
    page: await listOrders(user, { ...query, timeZone: await viewerTimeZone(user) }, language),
    assignees: await listAssignees(),
    query: { q: query.q ?? "", status: query.status ?? "", assignee: query.assignee ?? "", sort: query.sort, from: query.from ?? "", to: query.to ?? "" },
    title: t("admin.title"),
  });
}

export default function DashboardServiceOrders() {
  const { page, assignees, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.title")} />
      <ListFilters
        active={[query.q, query.status, query.assignee, query.from, query.to].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <div className="flex flex-col gap-1.5 lg:col-span-2">
          <Label htmlFor="q">{t("admin.search")}</Label>
          <Input id="q" name="q" type="search" defaultValue={query.q} placeholder={t("admin.searchPlaceholder")} />
        </div>
        <FilterSelect
          id="status"
          name="status"
          label={t("admin.status")}
          defaultValue={query.status}
          any={t("list.allStatuses")}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
        <FilterSelect
          id="assignee"
          name="assignee"
          label={t("admin.assignee")}
          defaultValue={query.assignee}
          any={t("admin.anyAssignee")}
          options={[{ value: "none", label: t("admin.unassigned") }, ...peopleOptions(assignees)]}
        />
        <FilterSelect
          id="sort"
          name="sort"
          label={t("admin.sort")}
          defaultValue={query.sort}
          options={ORDER_SORTS.map((sort) => ({ value: sort, label: t(`admin.sorts.${sort}`) }))}
        />
        <DateRangeFields from={query.from} to={query.to} idPrefix="orders" />
        <Button type="submit" className="lg:col-start-5">
          {t("list.apply")}
        </Button>
      </ListFilters>

      <DataTable
        caption={t("admin.title")}
        rows={page.items}
        rowKey={(order) => order.id}
        empty={t("admin.empty")}
        columns={[
          {
            header: t("admin.reference"),
            className: "font-medium",
            cell: (order) => (
              <Link to={`/dashboard/service-orders/${order.id}`} className="text-primary underline-offset-4 hover:underline">
                {order.reference}
              </Link>
            ),
          },
          {
            header: t("admin.client"),
            cell: (order) => (
              <>
                <span className="block">{order.clientName}</span>
                <span className="block text-xs text-muted-foreground">{order.clientEmail}</span>
              </>
            ),
          },
          { header: t("admin.service"), cell: (order) => order.serviceTitle },
          { header: t("admin.status"), cell: (order) => <OrderStatusBadge status={order.status} /> },
          { header: t("admin.assignee"), cell: (order) => order.assigneeName ?? t("admin.unassigned") },
          {
            header: t("admin.due"),
            cell: (order) => (
              <>
                {order.dueDate ? format.day(order.dueDate) : "—"}
                {order.overdue ? <OverdueFlag label={overdueLabel(t, order.dueDate)} className="ms-2" /> : null}
              </>
            ),
          },
          { header: t("admin.created"), cell: (order) => format.date(order.createdAt) },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
