import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DateTime } from "luxon";
import { Search, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { peopleOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { searchActiveClients } from "~/core/identity/directory.server";
import { requireBackOffice } from "~/core/identity/guards.server";
import { officeToday } from "~/core/office/today.server";
import {
  EMPTY_ITEM,
  ItemsEditor,
  itemFormValue,
  NewListFormSchema,
  ReminderFields,
  reminderFormValue,
  reminderScheduleOf,
  type NewListFormInput,
} from "~/features/requests";
import { createList, listTemplates, requestAssignees, requestTarget, type RequestTemplate } from "~/features/requests/index.server";
import { clientIp, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { isAdminRole } from "~/lib/features";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * A new request list for a client (`?clientId=`), on one of their orders (`?orderId=`: its client).
 * A template (`?templateId=`, or chosen in the page with JavaScript) fills the title, message and
 * items; the templates offered are the order's service's (and those for every service) in the
 * client's language. Without a client, the page finds one.
 */
const DEFAULT_DUE_DAYS = 14;

async function templatesFor(user: Parameters<typeof listTemplates>[0], serviceKey: string | null, locale: string): Promise<RequestTemplate[]> {
  const inLanguage = await listTemplates(user, { serviceKey, locale });
  return inLanguage.length > 0 ? inLanguage : listTemplates(user, { serviceKey });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const url = new URL(request.url);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "requests");
  const param = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || null;
  const target = await requestTarget(user, { orderId: param("orderId"), clientId: param("clientId") }, language);
  const q = param("q");
  if (!target) {
    return json({ target: null, clients: q ? await searchActiveClients(q) : null, q: q ?? "", title: t("staff.new.title") } as const);
  }
  const templates = await templatesFor(user, target.order?.serviceKey ?? null, target.client.locale);
  const templateId = param("templateId");
  const today = await officeToday();
  return json({
    target,
    templates,
    template: templates.find((template) => template.id === templateId) ?? null,
    assignees: await requestAssignees(user),
    defaultDue: DateTime.fromISO(today).plus({ days: DEFAULT_DUE_DAYS }).toISODate()!,
    today,
    me: user.id,
    canOpenOrders: isAdminRole(user.role),
    title: t("staff.new.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const submission = parseWithZod(await request.formData(), { schema: NewListFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const value = submission.value;
  try {
    const { id } = await createList(
      { ...user, ip: clientIp(request) },
      {
        clientId: value.clientId,
        serviceOrderId: value.serviceOrderId || null,
        title: value.title,
        message: value.message ?? "",
        dueDate: value.dueDate,
        assigneeId: value.assigneeId || null,
        items: value.items,
        ...reminderScheduleOf(value),
      },
    );
    return redirectWithToast(`/dashboard/requests/${id}`, { type: "success", message: "requests:staff.new.sent" });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type WithTarget = Extract<Loaded, { templates: unknown }>;

export default function NewRequest() {
  const data = useLoaderData<typeof loader>();
  if (!("templates" in data) || !data.target) return <FindClient clients={"clients" in data ? data.clients : null} q={"q" in data ? data.q : ""} />;
  return <NewListPage data={data} key={data.template?.id ?? "blank"} />;
}

function FindClient({ clients, q }: { clients: Array<{ id: string; fullName: string; email: string }> | null; q: string }) {
  const { t } = useTranslation("requests");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader back={{ to: "/dashboard/requests", label: t("staff.list.title") }} title={t("staff.new.title")} description={t("staff.new.findClientHint")} />
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="client-q">{t("staff.new.findClient")}</Label>
          <Input id="client-q" name="q" type="search" defaultValue={q} className="w-72" />
        </div>
        <Button type="submit" variant="outline">
          <Search className="size-4" aria-hidden />
          {t("staff.new.search")}
        </Button>
      </Form>
      {clients ? (
        clients.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("staff.new.noClients")}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="client-results">
            {clients.map((client) => (
              <li key={client.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span>
                  <span className="font-medium" dir="auto">
                    {client.fullName}
                  </span>{" "}
                  <span className="text-muted-foreground">{client.email}</span>
                </span>
                <Link to={`?clientId=${client.id}`} className="primary-link">
                  {t("staff.new.chooseClient")}
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

function NewListPage({ data }: { data: WithTarget }) {
  const { target, templates, template, assignees, defaultDue, today, me, canOpenOrders } = data;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("requests");
  const hydrated = useHydrated();
  const [form, fields] = useZodForm(NewListFormSchema, {
    id: "new-request",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    defaultValue: {
      clientId: target.client.id,
      serviceOrderId: target.order?.id ?? "",
      title: template?.title ?? "",
      message: template?.message ?? "",
      dueDate: defaultDue,
      assigneeId: assignees.some((person) => person.id === me) ? me : "",
      ...reminderFormValue(true),
      items: template ? template.items.map(itemFormValue) : [EMPTY_ITEM],
    } satisfies NewListFormInput,
  });

  const applyTemplate = (id: string) => {
    const chosen = templates.find((candidate) => candidate.id === id);
    if (!chosen) return;
    form.update({ name: fields.title.name, value: chosen.title });
    form.update({ name: fields.message.name, value: chosen.message });
    form.update({ name: fields.items.name, value: chosen.items.map(itemFormValue) });
  };

  const back =
    target.order && canOpenOrders
      ? `/dashboard/service-orders/${target.order.id}`
      : canOpenOrders
        ? `/dashboard/clients/${target.client.id}`
        : "/dashboard/requests";
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        back={{
          to: back,
          label: target.order
            ? t("staff.new.backToOrder", { reference: target.order.reference })
            : t("staff.new.backToClient", { name: target.client.fullName }),
        }}
        title={t("staff.new.title")}
        description={
          target.order
            ? t("staff.new.forOrder", { name: target.client.fullName, reference: target.order.reference, service: target.order.serviceTitle })
            : t("staff.new.forClient", { name: target.client.fullName })
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>{t("staff.new.template")}</CardTitle>
        </CardHeader>
        <CardContent>
          {templates.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {t("staff.new.noTemplates")}{" "}
              <Link to="/dashboard/request-templates/new" className="primary-link">
                {t("templates.new")}
              </Link>
            </p>
          ) : (
            <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="template-chooser">
              {target.order ? <input type="hidden" name="orderId" value={target.order.id} /> : <input type="hidden" name="clientId" value={target.client.id} />}
              <div className="flex min-w-60 flex-1 flex-col gap-1.5">
                <Label htmlFor="template-id">{t("staff.new.templateLabel")}</Label>
                <Select id="template-id" name="templateId" defaultValue={template?.id ?? ""} onChange={(event) => applyTemplate(event.currentTarget.value)}>
                  <option value="">{t("staff.new.noTemplate")}</option>
                  {templates.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.title} ({t(`templates.locale.${candidate.locale}`, { defaultValue: candidate.locale })})
                    </option>
                  ))}
                </Select>
              </div>
              {hydrated ? null : (
                <Button type="submit" variant="outline">
                  {t("staff.new.useTemplate")}
                </Button>
              )}
            </Form>
          )}
        </CardContent>
      </Card>

      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input {...getInputProps(fields.clientId, { type: "hidden" })} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.title} label={t("staff.fields.title")} className="sm:col-span-2" inputProps={{ dir: "auto", maxLength: 200 }} />
          <TextareaField field={fields.message} label={t("staff.fields.message")} className="sm:col-span-2" textareaProps={{ rows: 4, dir: "auto" }} />
          <TextField field={fields.dueDate} type="date" label={t("staff.fields.dueDate")} inputProps={{ min: today }} />
          <SelectField
            field={fields.assigneeId}
            label={t("staff.fields.assignee")}
            placeholder={t("staff.fields.unassigned")}
            options={peopleOptions(assignees)}
          />
          <SelectField
            field={fields.serviceOrderId}
            label={t("staff.fields.order")}
            placeholder={t("staff.fields.noOrder")}
            options={target.orders.map((order) => ({ value: order.id, label: `${order.reference} · ${order.serviceTitle}` }))}
          />
        </div>
        <ReminderFields fields={fields} />
        <ItemsEditor
          form={form as unknown as FormMetadata<Record<string, unknown>, string[]>}
          field={fields.items as unknown as FieldMetadata<NewListFormInput["items"] | undefined, Record<string, unknown>, string[]>}
        />
        <Button type="submit" data-testid="send-request">
          <Send className="size-4" aria-hidden />
          {t("staff.new.submit")}
        </Button>
      </Form>
    </div>
  );
}

export const handle = { i18n: ["requests"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
