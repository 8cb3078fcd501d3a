import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { requireBackOffice } from "~/core/identity/guards.server";
import { TaskFormFields, TaskLinkLabel, TaskFormSchema } from "~/features/tasks";
import { createTask, describeLink, listTaskAssignees } from "~/features/tasks/index.server";
import { refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/** A new task; `?orderId=`, `?appointmentId=`, `?clientId=` or `?translationFileId=` links it to that record. */
const LINK_PARAMS = ["orderId", "appointmentId", "clientId", "translationFileId"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "tasks");
  const url = new URL(request.url);
  const language = await getLanguage(request);
  const asked = LINK_PARAMS.find((name) => url.searchParams.get(name));
  const link = asked ? await describeLink(user, { [asked]: url.searchParams.get(asked)!.slice(0, 100) }, language) : null;
  const t = await getFixedT(language, "tasks");
  return json({ link, linkMissing: Boolean(asked && !link), assignees: await listTaskAssignees(user), title: t("new.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "tasks");
  const submission = parseWithZod(await request.formData(), { schema: TaskFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const { id } = await createTask(user, submission.value);
    return redirectWithToast(`/dashboard/tasks/${id}`, { type: "success", message: "tasks:new.created" });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

const LINK_FIELD = { order: "orderId", appointment: "appointmentId", client: "clientId", translationFile: "translationFileId" } as const;

export default function NewTask() {
  const { link, linkMissing, assignees } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("tasks");
  const [form, fields] = useZodForm(TaskFormSchema, {
    id: "new-task",
    lastResult: actionData?.result,
    defaultValue: { priority: "normal", status: "todo" },
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        back={{ to: link?.href ?? "/dashboard/tasks", label: link ? t(`link.${link.kind}`, { label: link.label }) : t("detail.back") }}
        title={t("new.title")}
      />
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {link ? (
          <p className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 p-3 text-sm" data-testid="task-link">
            <span className="font-medium">{t("fields.link")}</span>
            <TaskLinkLabel link={link} />
            <input type="hidden" name={LINK_FIELD[link.kind]} value={link.id} />
            <Link to="/dashboard/tasks/new" className="ms-auto text-primary underline-offset-4 hover:underline">
              {t("new.removeLink")}
            </Link>
          </p>
        ) : null}
        {linkMissing ? <p className="text-sm text-muted-foreground">{t("new.linkMissing")}</p> : null}
        <TaskFormFields fields={fields} assignees={assignees} />
        <Button type="submit">{t("new.submit")}</Button>
      </Form>
    </div>
  );
}

export const handle = { i18n: ["tasks"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
