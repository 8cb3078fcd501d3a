import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { DataTable } from "~/components/ui/data-table";
import { ServiceIcon } from "~/shell/public/service-icon";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Select, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Badge } from "~/components/ui/badge";
import { removeService } from "~/features/client-records/index.server";
import { requireBackOffice } from "~/core/identity/guards.server";
import { priceToCents, SERVICE_ICONS, ServiceFormSchema } from "~/features/services";
import { createService, getServiceForEdit, listServices, moveService, setServiceVisible, updateService } from "~/features/services/index.server";
import { notFound } from "~/lib/app-error";
import { useFormatter } from "~/lib/format";
import { loadOrNotFound, refusal } from "~/lib/http.server";
import { supportedLanguages } from "~/lib/i18n/config";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

/**
 * /dashboard/services: the services the firm offers, in display order (up and down buttons), shown
 * or hidden; `?new=1` adds one and `?edit=<id>` edits one (texts in every language, icon, price, length).
 * A hidden service leaves the public site and what clients can order; orders of it keep it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  const url = new URL(request.url);
  const language = await getLanguage(request);
  const editId = url.searchParams.get("edit");
  const [t, services, editing] = await Promise.all([
    getFixedT(language, "content"),
    listServices(language, { includeInactive: true }),
    editId
      ? loadOrNotFound(getServiceForEdit(user, editId.slice(0, 100)).then((found) => found ?? Promise.reject(notFound("orders:errors.serviceNotFound"))))
      : null,
  ]);
  return json({ services, editing, creating: !editing && url.searchParams.get("new") === "1", title: t("services.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  const language = await getLanguage(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "").slice(0, 100);
  try {
    if (intent === "up" || intent === "down") {
      await moveService(user, id, intent);
      return redirectWithToast("/dashboard/services", { type: "success", message: "content:services.moved" });
    }
    if (intent === "show" || intent === "hide") {
      await setServiceVisible(user, id, intent === "show");
      return redirectWithToast("/dashboard/services", { type: "success", message: intent === "show" ? "content:services.shown" : "content:services.hidden" });
    }
    if (intent === "delete") {
      const result = await removeService(user, id);
      return redirectWithToast("/dashboard/services", {
        type: "success",
        message: result.deleted ? "content:services.deleted" : "content:services.deactivated",
      });
    }
  } catch (error) {
    return refusal(request, error);
  }
  const submission = parseWithZod(formData, { schema: ServiceFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), draft: submission.payload }, { status: 400 });
  const { key, priceFrom, ...fields } = submission.value;
  const values = { ...fields, priceFromCents: priceToCents(priceFrom) };
  try {
    if (intent === "create") {
      if (!key) return json({ result: submission.reply({ fieldErrors: { key: ["common:validation.required"] } }), draft: submission.payload }, { status: 400 });
      await createService(user, { ...values, key }, language);
      return redirectWithToast("/dashboard/services", { type: "success", message: "content:services.created" });
    }
    await updateService(user, id, values, language);
    return redirectWithToast("/dashboard/services", { type: "success", message: "content:services.saved" });
  } catch (error) {
    return refusal(request, error, submission, { draft: submission.payload });
  }
}

function valueAt(source: unknown, path: string): unknown {
  let current = source;
  for (const part of path.split(".")) {
    if (current === null || current === undefined || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

type FormState = { source: unknown; errors: Record<string, string[] | null | undefined> };

function Field({
  state,
  name,
  label,
  children,
}: {
  state: FormState;
  name: string;
  label: ReactNode;
  children: (props: { id: string; name: string; defaultValue: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `service-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;
  const errors = state.errors[name] ?? undefined;
  const value = valueAt(state.source, name);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        name,
        defaultValue: value === null || value === undefined ? "" : String(value),
        "aria-invalid": errors?.length ? true : undefined,
        "aria-describedby": errors?.length ? `${id}-error` : undefined,
      })}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

function ServiceForm({ state, editing }: { state: FormState; editing: { id: string; key: string } | null }) {
  const { t } = useTranslation("content");
  const navigation = useNavigation();
  const active = valueAt(state.source, "active");
  return (
    <Form
      method="post"
      className="space-y-5 rounded-lg border p-5"
      aria-label={editing ? t("services.editTitle", { key: editing.key }) : t("services.newTitle")}
      noValidate
    >
      <h2 className="text-lg font-semibold">{editing ? t("services.editTitle", { key: editing.key }) : t("services.newTitle")}</h2>
      <FormErrors errors={state.errors[""] ?? undefined} />
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {editing ? null : (
          <Field state={state} name="key" label={t("services.fields.key")}>
            {(props) => <Input {...props} dir="ltr" />}
          </Field>
        )}
        <Field state={state} name="icon" label={t("services.fields.icon")}>
          {(props) => (
            <Select {...props}>
              {SERVICE_ICONS.map((icon) => (
                <option key={icon} value={icon}>
                  {t(`services.icons.${icon}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field state={state} name="durationMinutes" label={t("services.fields.duration")}>
          {(props) => <Input {...props} type="number" min={15} max={480} step={15} />}
        </Field>
        <Field state={state} name="priceFrom" label={t("services.fields.priceFrom")}>
          {(props) => <Input {...props} inputMode="decimal" dir="ltr" />}
        </Field>
      </div>
      <label className="inline-flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="active" defaultChecked={active === true || active === "on"} className="size-4" />
        {t("services.fields.visible")}
      </label>
      <div className="grid gap-4 xl:grid-cols-3">
        {supportedLanguages.map((language) => (
          <fieldset key={language} lang={language} dir={language === "ar" ? "rtl" : "ltr"} className="space-y-3 rounded-md border p-4">
            <legend className="px-1 text-sm font-semibold">{t(`languages.${language}`)}</legend>
            <Field state={state} name={`translations.${language}.title`} label={t("services.fields.title")}>
              {(props) => <Input {...props} />}
            </Field>
            <Field state={state} name={`translations.${language}.description`} label={t("services.fields.description")}>
              {(props) => <Textarea {...props} rows={3} />}
            </Field>
            <Field state={state} name={`translations.${language}.fullDescription`} label={t("services.fields.fullDescription")}>
              {(props) => <Textarea {...props} rows={8} />}
            </Field>
          </fieldset>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={navigation.state !== "idle"}>
          {editing ? t("services.save") : t("services.create")}
        </Button>
        <Link to="/dashboard/services" className={buttonVariants({ variant: "outline" })}>
          {t("services.cancel")}
        </Link>
      </div>
    </Form>
  );
}

export default function DashboardServices() {
  const { services, editing, creating } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("content");
  const format = useFormatter();
  const navigation = useNavigation();
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const errors = (result && "error" in result ? (result.error as Record<string, string[] | null> | undefined) : undefined) ?? {};
  const draft = actionData && "draft" in actionData ? actionData.draft : undefined;
  const stored = editing
    ? {
        icon: editing.icon,
        active: editing.active,
        durationMinutes: editing.durationMinutes,
        priceFrom: editing.priceFromCents === null ? "" : (editing.priceFromCents / 100).toFixed(2),
        translations: editing.translations,
      }
    : { icon: "Briefcase", active: true, durationMinutes: 60 };
  const state: FormState = { source: draft ?? stored, errors };
  const busy = navigation.state !== "idle";

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("services.title")}
        description={t("services.intro")}
        actions={
          creating || editing ? null : (
            <Link to="/dashboard/services?new=1" className={buttonVariants()}>
              <Plus aria-hidden />
              {t("services.new")}
            </Link>
          )
        }
      />
      {creating || editing ? <ServiceForm key={editing?.id ?? "new"} state={state} editing={editing ? { id: editing.id, key: editing.key } : null} /> : null}
      <DataTable
        caption={t("services.title")}
        rows={services}
        rowKey={(service) => service.id}
        rowTestId={(service) => `service-row-${service.key}`}
        rowClassName={(service) => cn("align-top", !service.active && "bg-muted/30")}
        empty={t("services.empty")}
        columns={[
          {
            header: t("services.columns.order"),
            cell: (service, index) => (
              <div className="flex gap-1">
                <Form method="post">
                  <input type="hidden" name="id" value={service.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="up"
                    size="sm"
                    variant="outline"
                    disabled={busy || index === 0}
                    aria-label={t("services.moveUp", { title: service.title })}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={service.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="down"
                    size="sm"
                    variant="outline"
                    disabled={busy || index === services.length - 1}
                    aria-label={t("services.moveDown", { title: service.title })}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                </Form>
              </div>
            ),
          },
          {
            header: t("services.columns.service"),
            cell: (service) => (
              <div className="flex items-start gap-2">
                <ServiceIcon name={service.icon} className="mt-0.5 size-5 shrink-0 text-accent" />
                <div>
                  <p className="font-medium">{service.title}</p>
                  <p className="text-xs text-muted-foreground" dir="ltr">
                    {service.key}
                  </p>
                </div>
              </div>
            ),
          },
          { header: t("services.columns.priceFrom"), cell: (service) => (service.priceFromCents === null ? "—" : format.money(service.priceFromCents)) },
          { header: t("services.columns.duration"), cell: (service) => t("services.minutes", { count: service.durationMinutes }) },
          {
            header: t("services.columns.visibility"),
            cell: (service) => <Badge tone={service.active ? "success" : "quiet"}>{service.active ? t("services.visible") : t("services.hiddenLabel")}</Badge>,
          },
          {
            header: <span className="sr-only">{t("services.columns.actions")}</span>,
            cell: (service) => (
              <div className="flex flex-wrap items-center justify-end gap-2">
                <Link to={`/dashboard/services?edit=${service.id}`} className={buttonVariants({ size: "sm", variant: "outline" })}>
                  {t("services.edit")}
                  <span className="sr-only">: {service.title}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={service.id} />
                  <Button type="submit" name="intent" value={service.active ? "hide" : "show"} size="sm" variant="outline" disabled={busy}>
                    {service.active ? t("services.hide") : t("services.show")}
                    <span className="sr-only">: {service.title}</span>
                  </Button>
                </Form>
                <ConfirmAction
                  label={t("services.delete")}
                  title={t("services.deleteTitle", { title: service.title })}
                  description={t("services.deleteDescription")}
                  confirmLabel={t("services.delete")}
                  fields={{ intent: "delete", id: service.id }}
                  triggerVariant="outline"
                  size="sm"
                />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

export const handle = { i18n: ["content"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
