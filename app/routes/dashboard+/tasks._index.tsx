import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { KanbanSquare, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { peopleOptions } from "~/components/select-options";
import { requireBackOffice } from "~/core/identity/guards.server";
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_VIEWS,
  TaskDue,
  TaskLinkLabel,
  TaskPriorityLabel,
  TaskRepeats,
  TaskStatusBadge,
  parseTaskListQuery,
} from "~/features/tasks";
import { listTaskAssignees, listTasks } from "~/features/tasks/index.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks } from "~/lib/pagination";
import { cn } from "~/lib/utils";

const LINK_PARAMS = ["orderId", "appointmentId", "clientId", "translationFileId"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "tasks");
  const url = new URL(request.url);
  const query = parseTaskListQuery(url);
  const view = query.view ?? "mine";
  const t = await getFixedT(await getLanguage(request), "tasks");
  const linked = LINK_PARAMS.some((name) => query[name]);
  return json({
    page: await listTasks(user, { ...query, view }),
    assignees: await listTaskAssignees(user),
    view,
    filters: { status: query.status ?? "", priority: query.priority ?? "", assignee: query.assignee ?? "", q: query.q ?? "", sort: query.sort },
    linked,
    title: t("title"),
  });
}

export default function DashboardTasks() {
  const { page, assignees, view, filters, linked } = useLoaderData<typeof loader>();
  const { t } = useTranslation("tasks");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        actions={
          <>
            <Link to="/dashboard/tasks/board" className={buttonVariants({ variant: "outline" })}>
              <KanbanSquare aria-hidden />
              {t("list.board")}
            </Link>
            <Link to="/dashboard/tasks/new" className={buttonVariants()}>
              <Plus aria-hidden />
              {t("list.new")}
            </Link>
          </>
        }
      />
      <nav aria-label={t("views.label")}>
        <ul className="flex flex-wrap gap-2">
          {TASK_VIEWS.map((name) => (
            <li key={name}>
              <Link
                to={`?view=${name}`}
                aria-current={view === name ? "page" : undefined}
                className={cn(buttonVariants({ variant: view === name ? "default" : "outline", size: "sm" }))}
              >
                {t(`views.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {linked ? (
        <p className="text-sm text-muted-foreground">
          {t("list.filteredByLink")}{" "}
          <Link to={`?view=${view}`} className="primary-link">
            {t("list.clearLink")}
          </Link>
        </p>
      ) : null}
      <ListFilters active={[filters.q, filters.status, filters.priority, filters.assignee].filter(Boolean).length} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="view" value={view} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="task-q">{t("list.search")}</Label>
          <Input id="task-q" name="q" type="search" defaultValue={filters.q} className="w-60" />
        </div>
        <FilterSelect
          id="task-status"
          name="status"
          label={t("fields.status")}
          any={t("list.anyStatus")}
          defaultValue={filters.status}
          options={TASK_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        />
        <FilterSelect
          id="task-priority"
          name="priority"
          label={t("fields.priority")}
          any={t("list.anyPriority")}
          defaultValue={filters.priority}
          options={TASK_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))}
        />
        {view !== "mine" ? (
          <FilterSelect
            id="task-assignee"
            name="assignee"
            label={t("fields.assignee")}
            any={t("list.anyAssignee")}
            defaultValue={filters.assignee}
            options={peopleOptions(assignees)}
          />
        ) : null}
        <FilterSelect
          id="task-sort"
          name="sort"
          label={t("list.sort")}
          defaultValue={filters.sort}
          options={[
            { value: "due", label: t("list.sortDue") },
            { value: "created", label: t("list.sortCreated") },
          ]}
        />
        <Button type="submit" variant="outline">
          {t("list.apply")}
        </Button>
      </ListFilters>
      <DataTable
        caption={t(`views.${view}`)}
        rows={page.items}
        rowKey={(task) => task.id}
        empty={t("list.empty")}
        testId="tasks-table"
        columns={[
          {
            header: t("fields.title"),
            cell: (task) => (
              <div className="flex flex-col gap-0.5">
                <Link to={`/dashboard/tasks/${task.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {task.title}
                </Link>
                <TaskLinkLabel link={task.link} className="text-xs" />
                <TaskRepeats recurrence={task.recurrence} />
              </div>
            ),
          },
          { header: t("fields.assignee"), cell: (task) => task.assigneeName ?? <span className="text-muted-foreground">{t("list.unassigned")}</span> },
          { header: t("fields.dueDate"), cell: (task) => <TaskDue dueDate={task.dueDate} overdue={task.overdue} /> },
          { header: t("fields.priority"), cell: (task) => <TaskPriorityLabel priority={task.priority} /> },
          { header: t("fields.status"), cell: (task) => <TaskStatusBadge status={task.status} /> },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["tasks"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
