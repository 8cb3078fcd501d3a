import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { requireBackOffice } from "~/core/identity/guards.server";
import {
  taskTargets,
  TaskDue,
  TaskFormFields,
  TaskLinkLabel,
  TaskPriorityLabel,
  TaskRepeats,
  TaskStatusBadge,
  TaskCommentSchema,
  TaskFormSchema,
  TaskMoveFormSchema,
} from "~/features/tasks";
import { addTaskComment, changeTaskStatus, deleteTask, getTask, listTaskAssignees, listTaskComments, updateTask } from "~/features/tasks/index.server";
import { useFormatter } from "~/lib/format";
import { invariantResponse, loadOrNotFound, refusal } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks, parseListQuery } from "~/lib/pagination";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "tasks");
  const task = await loadOrNotFound(getTask(user, params.id!));
  const commentsQuery = parseListQuery(new URL(request.url), { defaultPerPage: 50 });
  const [comments, assignees] = await Promise.all([listTaskComments(user, task.id, commentsQuery), listTaskAssignees(user)]);
  return json({ task, comments, assignees, title: task.title });
}

type ActionData = { intent: string; result?: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "tasks");
  const id = params.id!;
  const back = `/dashboard/tasks/${id}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "update": {
      const submission = parseWithZod(form, { schema: TaskFormSchema });
      if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
      const value = submission.value;
      try {
        // An emptied field clears it (the form sends every field; links are not edited here).
        await updateTask(user, id, {
          title: value.title,
          description: value.description ?? null,
          assigneeId: value.assigneeId ?? null,
          dueDate: value.dueDate ?? null,
          priority: value.priority,
          status: value.status,
          recurrence: value.recurrence ?? null,
        });
      } catch (error) {
        return refusal(request, error, submission, { intent });
      }
      return redirectWithToast(back, { type: "success", message: "tasks:detail.saved" });
    }
    case "status": {
      const submission = parseWithZod(form, { schema: TaskMoveFormSchema });
      if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: "tasks:errors.statusInvalid" });
      try {
        await changeTaskStatus(user, id, submission.value.status);
      } catch (error) {
        return refusal(request, error);
      }
      return redirectWithToast(back, { type: "success", message: "tasks:board.moved", params: { status: submission.value.status } });
    }
    case "comment": {
      const submission = parseWithZod(form, { schema: TaskCommentSchema });
      if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
      try {
        await addTaskComment(user, id, submission.value.body);
      } catch (error) {
        return refusal(request, error, submission, { intent });
      }
      return redirectWithToast(back, { type: "success", message: "tasks:comments.added" });
    }
    case "delete": {
      try {
        await deleteTask(user, id);
      } catch (error) {
        return refusal(request, error);
      }
      return redirectWithToast("/dashboard/tasks", { type: "success", message: "tasks:detail.deleted" });
    }
  }
  invariantResponse(false, "Bad Request", { status: 400 });
}

export default function DashboardTask() {
  const { task, comments, assignees } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("tasks");
  const format = useFormatter();
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const [editForm, editFields] = useZodForm(TaskFormSchema, {
    id: "task-edit",
    lastResult: resultFor("update"),
    defaultValue: {
      title: task.title,
      description: task.description ?? "",
      assigneeId: task.assigneeId ?? "",
      dueDate: task.dueDate ?? "",
      priority: task.priority,
      status: task.status,
      recurrence: task.recurrence ?? "",
    },
  });
  const [commentForm, commentFields] = useZodForm(TaskCommentSchema, { id: "task-comment", lastResult: resultFor("comment"), shouldValidate: "onSubmit" });

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/dashboard/tasks", label: t("detail.back") }}
        title={task.title}
        badge={<TaskStatusBadge status={task.status} className="text-sm" />}
        description={task.createdByName ? t("detail.createdBy", { name: task.createdByName, date: format.date(task.createdAt) }) : undefined}
        actions={
          <ConfirmAction
            label={t("detail.delete")}
            title={t("detail.deleteTitle")}
            description={t("detail.deleteBody")}
            confirmLabel={t("detail.delete")}
            fields={{ intent: "delete" }}
            triggerVariant="destructive"
            icon={<Trash2 aria-hidden className="size-4" />}
            testId="delete-task"
          />
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardContent className="space-y-4 pt-6">
              {task.description ? (
                <p dir="auto" className="whitespace-pre-line">
                  {task.description}
                </p>
              ) : null}
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
                <dt className="text-sm text-muted-foreground">{t("fields.assignee")}</dt>
                <dd>{task.assigneeName ?? t("list.unassigned")}</dd>
                <dt className="text-sm text-muted-foreground">{t("fields.dueDate")}</dt>
                <dd>
                  <TaskDue dueDate={task.dueDate} overdue={task.overdue} />
                </dd>
                <dt className="text-sm text-muted-foreground">{t("fields.priority")}</dt>
                <dd>
                  <TaskPriorityLabel priority={task.priority} />
                </dd>
                {task.recurrence ? (
                  <>
                    <dt className="text-sm text-muted-foreground">{t("fields.recurrence")}</dt>
                    <dd>
                      <TaskRepeats recurrence={task.recurrence} />
                    </dd>
                  </>
                ) : null}
                {task.link ? (
                  <>
                    <dt className="text-sm text-muted-foreground">{t("fields.link")}</dt>
                    <dd>
                      <TaskLinkLabel link={task.link} />
                    </dd>
                  </>
                ) : null}
                {task.completedAt ? (
                  <>
                    <dt className="text-sm text-muted-foreground">{t("status.done")}</dt>
                    <dd>{t("detail.completedOn", { date: format.dateTime(task.completedAt) })}</dd>
                  </>
                ) : null}
              </dl>
              {task.previousTaskId || task.nextTaskId ? (
                <p className="flex flex-wrap gap-4 text-sm">
                  {task.previousTaskId ? (
                    <Link to={`/dashboard/tasks/${task.previousTaskId}`} className="text-primary underline-offset-4 hover:underline">
                      {t("detail.previous")}
                    </Link>
                  ) : null}
                  {task.nextTaskId ? (
                    <Link to={`/dashboard/tasks/${task.nextTaskId}`} className="text-primary underline-offset-4 hover:underline" data-testid="next-task">
                      {t("detail.next")}
                    </Link>
                  ) : null}
                </p>
              ) : null}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t("comments.title")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {comments.items.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("comments.empty")}</p>
              ) : (
                <ul className="space-y-3" data-testid="task-comments">
                  {comments.items.map((comment) => (
                    <li key={comment.id} className="rounded-md border bg-muted/50 p-3 text-sm">
                      <p dir="auto" className="whitespace-pre-line break-words">
                        {comment.body}
                      </p>
                      <p className="mt-1 text-xs text-muted-foreground">
                        {t("comments.by", { name: comment.authorName ?? t("comments.someone"), date: format.dateTime(comment.createdAt) })}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
              <Pagination {...pageLinks(comments)} />
              <Form method="post" className="space-y-3" {...getFormProps(commentForm)}>
                <input type="hidden" name="intent" value="comment" />
                <FormErrors id={commentForm.errorId} errors={commentForm.errors} />
                <TextareaField field={commentFields.body} label={t("comments.new")} textareaProps={{ rows: 3 }} />
                <Button type="submit" variant="outline">
                  {t("comments.add")}
                </Button>
              </Form>
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.moveTitle")}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              {taskTargets(task.status).map((to) => (
                <Form key={to} method="post">
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="id" value={task.id} />
                  <input type="hidden" name="status" value={to} />
                  <Button type="submit" size="sm" variant="outline">
                    {t("board.moveTo", { status: t(`status.${to}`) })}
                  </Button>
                </Form>
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.edit")}</CardTitle>
            </CardHeader>
            <CardContent>
              <Form method="post" className="space-y-4" {...getFormProps(editForm)}>
                <input type="hidden" name="intent" value="update" />
                <FormErrors id={editForm.errorId} errors={editForm.errors} />
                <TaskFormFields fields={editFields} assignees={assignees} />
                <Button type="submit">{t("detail.save")}</Button>
              </Form>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

export const handle = { i18n: ["tasks"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
