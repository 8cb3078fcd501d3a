import { Link } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { TaskStatus } from "./status";
import { TaskDue, TaskStatusBadge } from "./task-parts";

/**
 * The tasks of a record, for that record's page (an order, an appointment, a translation
 * file): its loader calls `loadLinkedTasks(user, { orderId })` (tasks.server.ts) and passes
 * the answer here; null (the viewer may not open tasks) shows nothing. The page's route adds
 * "tasks" to its `handle.i18n`.
 */
export type LinkedTasksProps = {
  data: {
    tasks: Array<{ id: string; title: string; status: TaskStatus; dueDate: string | null; overdue: boolean; assigneeName: string | null }>;
    total: number;
    newHref: string;
    listHref: string;
  } | null;
};

export function LinkedTasks({ data }: LinkedTasksProps) {
  const { t } = useTranslation("tasks");
  if (!data) return null;
  return (
    <Card data-testid="linked-tasks">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("linked.title")}</CardTitle>
        <Link to={data.newHref} className={buttonVariants({ size: "sm", variant: "outline" })}>
          <Plus aria-hidden />
          {t("linked.new")}
        </Link>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("linked.empty")}</p>
        ) : (
          <ul className="space-y-2">
            {data.tasks.map((task) => (
              <li key={task.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <Link to={`/dashboard/tasks/${task.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {task.title}
                </Link>
                <span className="flex flex-wrap items-center gap-2">
                  {task.assigneeName ? <span className="text-muted-foreground">{task.assigneeName}</span> : null}
                  <TaskDue dueDate={task.dueDate} overdue={task.overdue} />
                  <TaskStatusBadge status={task.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
        {data.total > data.tasks.length ? (
          <Link to={data.listHref} className="text-sm primary-link">
            {t("linked.all", { count: data.total })}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
