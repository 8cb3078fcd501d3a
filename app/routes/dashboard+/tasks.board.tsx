import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { GripVertical, List } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useBoardDrag } from "~/components/board-drag";
import { BoardMoveButtons } from "~/components/area/board-move";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { requireBackOffice } from "~/core/identity/guards.server";
import { BoardScroller } from "~/features/service-orders";
import { taskTargets, type TaskStatus, TaskDue, TaskLinkLabel, TaskPriorityLabel, TaskStatusBadge, TaskMoveFormSchema } from "~/features/tasks";
import { changeTaskStatus, listTaskBoard, type TaskListItem } from "~/features/tasks/index.server";
import { refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

/**
 * The tasks by status, the service tracker's way (app/routes/dashboard+/service-tracker.tsx):
 * each card has a button per other column (keyboard and no JavaScript; Cancelled asks first), and
 * dragging a card submits the same form (`useBoardDrag`); the row of columns scrolls within itself (`BoardScroller`).
 */
const BOARD = "/dashboard/tasks/board";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "tasks");
  const mine = new URL(request.url).searchParams.get("mine") === "1";
  const t = await getFixedT(await getLanguage(request), "tasks");
  return json({ columns: await listTaskBoard(user, { mine }), mine, title: t("board.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "tasks");
  const submission = parseWithZod(await request.formData(), { schema: TaskMoveFormSchema });
  const back = BOARD + new URL(request.url).search;
  if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: "tasks:errors.statusInvalid" });
  try {
    await changeTaskStatus(user, submission.value.id, submission.value.status);
  } catch (error) {
    return refusal(request, error);
  }
  return redirectWithToast(back, { type: "success", message: "tasks:board.moved", params: { status: submission.value.status } });
}

export default function TaskBoard() {
  const { columns, mine } = useLoaderData<typeof loader>();
  const { t } = useTranslation("tasks");
  const fetcher = useFetcher();
  // The card whose cancelling is being confirmed after a drop on the Cancelled column.
  const [confirming, setConfirming] = useState<string | null>(null);
  const drag = useBoardDrag<TaskStatus>({
    canMove: (from, to) => from !== to,
    onMove: (id, status) => (status === "cancelled" ? setConfirming(id) : fetcher.submit({ id, status }, { method: "post" })),
  });
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("board.title")}
        description={t("board.intro")}
        actions={
          <>
            <Link to={mine ? BOARD : `${BOARD}?mine=1`} className={buttonVariants({ variant: "outline" })} aria-pressed={mine}>
              {mine ? t("board.everyone") : t("board.mine")}
            </Link>
            <Link to="/dashboard/tasks" className={buttonVariants({ variant: "outline" })}>
              <List aria-hidden />
              {t("board.list")}
            </Link>
          </>
        }
      />
      <BoardScroller label={t("board.label")}>
        <div className="grid auto-cols-[minmax(14rem,1fr)] grid-flow-col gap-3">
          {columns.map((column) => {
            const state = drag.columnState(column.status);
            return (
              <section
                key={column.status}
                aria-labelledby={`column-${column.status}`}
                data-status={column.status}
                {...drag.columnProps(column.status)}
                className={cn(
                  "flex min-w-0 flex-col gap-3 rounded-lg border bg-muted/40 p-3 transition-colors duration-150",
                  state.target && "border-dashed border-primary",
                  state.over && "bg-primary/10",
                )}
              >
                <h2 id={`column-${column.status}`} className="flex flex-wrap items-center justify-between gap-2">
                  <TaskStatusBadge status={column.status} />
                  <span className="text-sm text-muted-foreground">{t("board.count", { count: column.total })}</span>
                </h2>
                {column.tasks.length === 0 ? <p className="text-sm text-muted-foreground">{t("board.empty")}</p> : null}
                <ul className="flex flex-col gap-2">
                  {column.tasks.map((task) => (
                    <TaskCard
                      key={task.id}
                      task={task}
                      cardProps={drag.cardProps(task.id, task.status)}
                      confirming={confirming === task.id}
                      onConfirmingChange={(open) => setConfirming(open ? task.id : null)}
                    />
                  ))}
                </ul>
                {column.total > column.tasks.length ? (
                  <Link to={`/dashboard/tasks?view=all&status=${column.status}`} className="text-sm primary-link">
                    {t("board.allInList", { count: column.total })}
                  </Link>
                ) : null}
              </section>
            );
          })}
        </div>
      </BoardScroller>
    </div>
  );
}

function TaskCard({
  task,
  cardProps,
  confirming,
  onConfirmingChange,
}: {
  task: TaskListItem;
  cardProps: ReturnType<ReturnType<typeof useBoardDrag<TaskStatus>>["cardProps"]>;
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("tasks");
  const targets = taskTargets(task.status);
  const moveLabel = (to: TaskStatus) => t("board.moveTo", { status: t(`status.${to}`) });
  return (
    <li {...cardProps} data-task={task.title} className={cn("board-card", task.overdue && "border-destructive/60")}>
      <div className="flex items-start gap-2">
        {cardProps.draggable ? <GripVertical className="mt-0.5 size-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden /> : null}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Link to={`/dashboard/tasks/${task.id}`} className="font-semibold break-words text-primary underline-offset-4 hover:underline">
            {task.title}
          </Link>
          {task.assigneeName ? <p className="truncate">{task.assigneeName}</p> : null}
          <TaskLinkLabel link={task.link} className="truncate text-xs" />
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <TaskDue dueDate={task.dueDate} overdue={task.overdue} />
            <TaskPriorityLabel priority={task.priority} />
          </div>
        </div>
      </div>
      <BoardMoveButtons
        id={task.id}
        itemName={task.title}
        targets={targets.filter((to) => to !== "cancelled").map((to) => ({ status: to, label: moveLabel(to) }))}
        cancel={
          targets.includes("cancelled")
            ? {
                status: "cancelled",
                label: moveLabel("cancelled"),
                title: t("board.cancelQuestion", { title: task.title }),
                description: t("board.cancelWarning"),
                confirmLabel: t("board.cancelConfirm"),
              }
            : undefined
        }
        confirmOpen={confirming}
        onConfirmOpenChange={onConfirmingChange}
      />
    </li>
  );
}

export const handle = { i18n: ["tasks", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
