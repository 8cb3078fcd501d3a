import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FileStack, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { peopleOptions } from "~/components/select-options";
import { findClientById } from "~/core/identity/directory.server";
import { requireBackOffice } from "~/core/identity/guards.server";
import { parseRequestListQuery, REQUEST_VIEWS, RequestDue, RequestProgress, ListStatusBadge } from "~/features/requests";
import { listLists, requestAssignees, type RequestListSummary } from "~/features/requests/index.server";
import { isAdminRole } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks } from "~/lib/pagination";
import { cn } from "~/lib/utils";

/** Every active request list (open or waiting for the firm's review), due first; overdue, waiting for review, by assignee, of one client. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const query = parseRequestListQuery(new URL(request.url));
  const t = await getFixedT(await getLanguage(request), "requests");
  const client = query.clientId ? await findClientById(query.clientId) : null;
  const page = await listLists(user, query);
  return json({
    // Only what a row shows: a page of twenty lists at volume is otherwise mostly ids no one reads.
    page: { ...page, items: page.items.map(listRow) },
    assignees: await requestAssignees(user),
    view: query.view ?? "",
    filters: { assignee: query.assignee ?? "", sort: query.sort ?? "due", clientId: query.clientId ?? "" },
    client: client ? { id: client.id, fullName: client.fullName } : null,
    canOpenOrders: isAdminRole(user.role),
    title: t("staff.list.title"),
  });
}

function listRow(list: RequestListSummary) {
  const { id, title, clientName, serviceOrderId, orderReference, dueDate, overdue, status, itemCount, doneCount, lastReminderAt, assigneeName } = list;
  return { id, title, clientName, serviceOrderId, orderReference, dueDate, overdue, status, itemCount, doneCount, lastReminderAt, assigneeName };
}

export default function DashboardRequests() {
  const { page, assignees, view, filters, client, canOpenOrders } = useLoaderData<typeof loader>();
  const { t } = useTranslation("requests");
  const format = useFormatter();
  const views = ["", ...REQUEST_VIEWS] as const;
  const filtered = Boolean(view || filters.assignee || filters.clientId);
  const viewHref = (name: string) => {
    const params = new URLSearchParams();
    if (name) params.set("view", name);
    if (filters.assignee) params.set("assignee", filters.assignee);
    if (filters.clientId) params.set("clientId", filters.clientId);
    const search = params.toString();
    return search ? `?${search}` : "/dashboard/requests";
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("staff.list.title")}
        description={t("staff.list.description")}
        actions={
          <>
            <Link to="/dashboard/request-templates" className={buttonVariants({ variant: "outline" })}>
              <FileStack aria-hidden />
              {t("staff.list.templates")}
            </Link>
            <Link to="/dashboard/requests/new" className={buttonVariants()}>
              <Send aria-hidden />
              {t("staff.list.new")}
            </Link>
          </>
        }
      />
      <nav aria-label={t("staff.list.views")}>
        <ul className="flex flex-wrap gap-2">
          {views.map((name) => (
            <li key={name || "all"}>
              <Link
                to={viewHref(name)}
                aria-current={view === name ? "page" : undefined}
                className={cn(buttonVariants({ variant: view === name ? "default" : "outline", size: "sm" }))}
              >
                {t(`staff.list.view.${name || "all"}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {client ? (
        <p className="text-sm text-muted-foreground" data-testid="client-filter">
          {t("staff.list.ofClient", { name: client.fullName })}{" "}
          <Link to={view ? `?view=${view}` : "/dashboard/requests"} className="primary-link">
            {t("staff.list.clearClient")}
          </Link>
        </p>
      ) : null}
      <ListFilters active={[filters.assignee].filter(Boolean).length} className="flex flex-wrap items-end gap-3">
        {view ? <input type="hidden" name="view" value={view} /> : null}
        {filters.clientId ? <input type="hidden" name="clientId" value={filters.clientId} /> : null}
        <FilterSelect
          id="request-assignee"
          name="assignee"
          label={t("staff.fields.assignee")}
          any={t("staff.list.anyAssignee")}
          defaultValue={filters.assignee}
          options={[{ value: "none", label: t("staff.fields.unassigned") }, ...peopleOptions(assignees)]}
        />
        <FilterSelect
          id="request-sort"
          name="sort"
          label={t("staff.list.sort")}
          defaultValue={filters.sort}
          options={[
            { value: "due", label: t("staff.list.sortDue") },
            { value: "created", label: t("staff.list.sortCreated") },
          ]}
        />
        <Button type="submit" variant="outline">
          {t("staff.list.apply")}
        </Button>
      </ListFilters>
      <DataTable
        caption={t(`staff.list.view.${view || "all"}`)}
        rows={page.items}
        rowKey={(list) => list.id}
        empty={filtered ? t("staff.list.emptyFiltered") : t("staff.list.empty")}
        testId="requests-table"
        rowTestId={(list) => `request-${list.id}`}
        columns={[
          {
            header: t("staff.fields.title"),
            rowHeader: true,
            cell: (list) => (
              <Link to={`/dashboard/requests/${list.id}`} className="primary-link" dir="auto">
                {list.title}
              </Link>
            ),
          },
          { header: t("staff.fields.client"), cell: (list) => <span dir="auto">{list.clientName ?? "—"}</span> },
          {
            header: t("staff.fields.order"),
            cell: (list) =>
              list.serviceOrderId && list.orderReference ? (
                canOpenOrders ? (
                  <Link to={`/dashboard/service-orders/${list.serviceOrderId}`} className="primary-link">
                    {list.orderReference}
                  </Link>
                ) : (
                  list.orderReference
                )
              ) : (
                <span className="text-muted-foreground">{t("staff.fields.noOrder")}</span>
              ),
          },
          { header: t("staff.fields.dueDate"), cell: (list) => <RequestDue dueDate={list.dueDate} overdue={list.overdue} /> },
          { header: t("staff.fields.status"), cell: (list) => <ListStatusBadge status={list.status} /> },
          { header: t("staff.fields.progress"), cell: (list) => <RequestProgress done={list.doneCount} total={list.itemCount} /> },
          {
            header: t("staff.fields.lastReminder"),
            cell: (list) =>
              list.lastReminderAt ? (
                <time dateTime={list.lastReminderAt}>{format.date(list.lastReminderAt)}</time>
              ) : (
                <span className="text-muted-foreground">{t("staff.list.noReminder")}</span>
              ),
          },
          {
            header: t("staff.fields.assignee"),
            cell: (list) => list.assigneeName ?? <span className="text-muted-foreground">{t("staff.fields.unassigned")}</span>,
          },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["requests"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
