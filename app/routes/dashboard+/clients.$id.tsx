import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Download, MessagesSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, SelectField, TextField, useZodForm } from "~/components/forms";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { RequestsSection } from "~/features/requests";
import { listsOfClient } from "~/features/requests/index.server";
import { ASSIGNABLE_ROLES, EditUserFormSchema } from "~/features/users";
import { getContactDetails, getManagedUser, grantableFeatures, permissionsFor, updateManagedUser } from "~/features/users/index.server";
import { deleteAccount, inviteAgain, keptRecords, retentionPlan, type RetentionPlan } from "~/features/client-records/index.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { isBackOfficeRole } from "~/lib/features";
import { TwoFactorResetCard } from "~/features/auth";
import { hasTwoFactor } from "~/core/identity/two-factor-state.server";
import { useFormatter } from "~/lib/format";
import { ConfirmAction } from "~/components/confirm-action";
import { PageHeader } from "~/components/page-header";
import { messagePaths } from "~/features/messages";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  const user = await loadOrNotFound(getManagedUser("users", params.id!));
  const permissions = await permissionsFor(actor, user);
  const client = !isBackOfficeRole(user.role);
  return json({
    user,
    title: user.fullName,
    permissions: { ...permissions, resetTwoFactor: actor.role === "owner" && actor.id !== user.id && (await hasTwoFactor(user.id)) },
    isClient: client,
    // How the office reaches a client besides e-mail (the client gives them on their profile).
    contact: client && !user.anonymisedAt ? await getContactDetails(user.id) : null,
    // The client's request lists and "Send a request" (none for staff accounts or a deleted client).
    requests:
      client && !user.anonymisedAt
        ? {
            lists: await listsOfClient(actor, user.id),
            newHref: `/dashboard/requests/new?clientId=${user.id}`,
            listHref: `/dashboard/requests?clientId=${user.id}`,
          }
        : null,
    grantable: grantableFeatures(user.role),
    // Said before the confirmation (what deleting would keep) and after (what was kept).
    plan: client && !user.anonymisedAt && permissions.remove ? await retentionPlan(user.id) : null,
    kept: user.anonymisedAt ? await keptRecords(user.id) : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAdmin(request);
  const id = params.id!;
  const submission = parseWithZod(await request.formData(), { schema: EditUserFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const ip = clientIp(request);
  const back = `/dashboard/clients/${id}`;
  try {
    if (value.intent === "delete") {
      const { anonymised, plan } = await deleteAccount(actor, "users", id, { ip });
      if (!plan) return redirectWithToast("/dashboard/clients", { type: "success", message: "users:toast.deleted" });
      const params = { kept: plan.kept.orders.length + plan.kept.reports, deleted: plan.deleted.orders + plan.deleted.appointments + plan.deleted.reports };
      return anonymised
        ? redirectWithToast(back, { type: "success", message: "users:toast.clientAnonymised", params })
        : redirectWithToast("/dashboard/clients", { type: "success", message: "users:toast.clientDeleted", params });
    }
    if (value.intent === "disable" || value.intent === "enable") {
      await updateManagedUser(actor, "users", id, { disabled: value.intent === "disable" }, { ip });
      return redirectWithToast(back, { type: "success", message: value.intent === "disable" ? "users:toast.disabled" : "users:toast.enabled" });
    }
    if (value.intent === "invite") {
      const user = await inviteAgain(actor, id, { ip });
      return redirectWithToast(back, { type: "success", message: "users:toast.invited", params: { email: user.email } });
    }
    const target = await getManagedUser("users", id);
    const role = value.role ?? target.role;
    await updateManagedUser(
      actor,
      "users",
      id,
      { fullName: value.fullName, role: value.role, enabledFeatures: grantableFeatures(role).length > 0 ? value.enabledFeatures : undefined },
      { ip },
    );
    return redirectWithToast(back, { type: "success", message: "users:toast.saved" });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

/** What deleting keeps and deletes (before), or only what was kept (after: `deleted` is null). */
function RetentionList({ kept, deleted }: { kept: RetentionPlan["kept"]; deleted: RetentionPlan["deleted"] | null }) {
  const { t } = useTranslation("users");
  const format = useFormatter();
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2" data-testid="retention-plan">
      <div>
        <h3 className="mb-1 font-semibold">{t("retention.keptTitle")}</h3>
        {kept.orders.length === 0 ? (
          <p>{t("retention.nothingKept")}</p>
        ) : (
          <ul className="list-disc ps-5">
            {kept.orders.map((order) => (
              <li key={order.id}>{t("retention.keptOrder", { reference: order.reference, until: format.date(order.keepUntil) })}</li>
            ))}
            <li>{t("retention.reports", { count: kept.reports })}</li>
            <li>{t("retention.documents", { count: kept.documents })}</li>
          </ul>
        )}
      </div>
      {deleted ? (
        <div>
          <h3 className="mb-1 font-semibold">{t("retention.deletedTitle")}</h3>
          <ul className="list-disc ps-5">
            <li>{t("retention.account")}</li>
            <li>{t("retention.orders", { count: deleted.orders })}</li>
            <li>{t("retention.appointments", { count: deleted.appointments })}</li>
            <li>{t("retention.reports", { count: deleted.reports })}</li>
            <li>{t("retention.documents", { count: deleted.documents })}</li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export default function UserDetailPage() {
  const { t } = useTranslation("users");
  const { t: tMessages } = useTranslation("messages");
  const { user, permissions, plan, kept, isClient, grantable, contact, requests } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useZodForm(EditUserFormSchema, {
    id: "edit-user",
    lastResult,
    defaultValue: { fullName: user.fullName, role: user.role === "owner" ? undefined : user.role },
  });
  const format = useFormatter();
  const status = user.anonymisedAt ? t("status.anonymised") : user.disabled ? t("status.disabled") : t("status.active");

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageHeader
        title={user.fullName}
        description={user.anonymisedAt ? undefined : user.email}
        back={{ to: "/dashboard/clients", label: t("detail.back") }}
        actions={
          user.role === "client" && !user.anonymisedAt ? (
            // The client's general conversation opens if it exists; otherwise the first message starts it.
            <Link to={messagePaths.staffNew(user.id)} className={buttonVariants({ variant: "outline" })} data-testid="client-messages">
              <MessagesSquare aria-hidden />
              {tMessages("links.clientThreads")}
            </Link>
          ) : undefined
        }
      />
      <FormErrors id={form.errorId} errors={form.errors} />

      <Card>
        <CardHeader>
          <CardTitle>{t("detail.account")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-semibold">{t("fields.role")}</dt>
            <dd>{t(`roles.${user.role}`, { defaultValue: user.role })}</dd>
            <dt className="font-semibold">{t("fields.status")}</dt>
            <dd>{status}</dd>
            <dt className="font-semibold">{t("fields.emailVerified")}</dt>
            <dd>{user.emailVerified ? t("detail.yes") : t("detail.no")}</dd>
            <dt className="font-semibold">{t("fields.createdAt")}</dt>
            <dd>{format.dateTime(user.createdAt)}</dd>
            <dt className="font-semibold">{t("fields.lastLoginAt")}</dt>
            <dd>{user.lastLoginAt ? format.dateTime(user.lastLoginAt) : t("detail.never")}</dd>
            {contact ? (
              <>
                <dt className="font-semibold">{t("fields.phone")}</dt>
                <dd dir={contact.phone ? "ltr" : undefined} className="rtl:text-end">
                  {contact.phone ?? t("detail.notGiven")}
                </dd>
                <dt className="font-semibold">{t("fields.postalAddress")}</dt>
                <dd dir="auto" className="whitespace-pre-line">
                  {contact.postalAddress ?? t("detail.notGiven")}
                </dd>
              </>
            ) : null}
          </dl>
        </CardContent>
      </Card>

      <RequestsSection data={requests} />

      {user.anonymisedAt && kept ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("retention.deletedOn", { date: format.date(user.anonymisedAt) })}</CardTitle>
            <CardDescription>{t("retention.afterHelp")}</CardDescription>
          </CardHeader>
          <CardContent>
            <RetentionList kept={kept} deleted={null} />
          </CardContent>
        </Card>
      ) : null}

      {permissions.edit ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.edit")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
              <input type="hidden" name="intent" value="save" />
              <TextField field={fields.fullName} label={t("fields.fullName")} />
              {permissions.changeRole ? (
                <SelectField
                  field={fields.role}
                  label={t("fields.role")}
                  options={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                />
              ) : null}
              {permissions.features ? (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-semibold">{t("fields.enabledFeatures")}</legend>
                  {grantable.map((feature) => (
                    <div key={feature} className="flex items-center gap-2">
                      <input
                        id={`feature-${feature}`}
                        type="checkbox"
                        name="enabledFeatures"
                        value={feature}
                        defaultChecked={user.enabledFeatures.includes(feature)}
                        className="size-4 accent-primary"
                      />
                      <label htmlFor={`feature-${feature}`} className="text-sm">
                        {t(`features.${feature}`)}
                      </label>
                    </div>
                  ))}
                  <FieldErrors id={fields.enabledFeatures.errorId} errors={fields.enabledFeatures.errors} />
                </fieldset>
              ) : grantable.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("detail.staffHasAll")}</p>
              ) : null}
              <Button type="submit" className="self-start" disabled={busy}>
                {t("detail.save")}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">{user.anonymisedAt ? t("detail.anonymisedReadOnly") : t("detail.readOnly")}</p>
      )}

      {isClient && !user.anonymisedAt && !user.disabled && !user.lastLoginAt ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("invite.title")}</CardTitle>
            <CardDescription>{t("invite.help")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post">
              <input type="hidden" name="intent" value="invite" />
              <Button type="submit" variant="outline" disabled={busy}>
                {t("invite.submit")}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}

      {isClient ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("export.title")}</CardTitle>
            <CardDescription>{t("export.help")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <a href={`/resources/clients/${user.id}/export`} download>
                <Download aria-hidden="true" />
                {t("export.submit")}
              </a>
            </Button>
          </CardContent>
        </Card>
      ) : null}

      {permissions.disable || permissions.remove ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.access")}</CardTitle>
            <CardDescription>{user.disabled ? t("detail.enableHelp") : t("detail.disableHelp")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {plan ? (
              <div className="flex flex-col gap-2">
                <p className="text-sm">{t("retention.beforeHelp")}</p>
                <RetentionList kept={plan.kept} deleted={plan.deleted} />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-3">
              {permissions.disable ? (
                user.disabled ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="enable" />
                    <Button type="submit" variant="outline" disabled={busy}>
                      {t("detail.enable")}
                    </Button>
                  </Form>
                ) : (
                  <ConfirmAction
                    label={t("detail.disable")}
                    title={t("detail.disableConfirmTitle", { name: user.fullName })}
                    description={t("detail.disableHelp")}
                    confirmLabel={t("detail.disable")}
                    fields={{ intent: "disable" }}
                    size="default"
                  />
                )
              ) : null}
              {permissions.remove ? (
                <ConfirmAction
                  label={t("detail.delete")}
                  title={t("detail.deleteConfirmTitle", { name: user.fullName })}
                  description={
                    plan
                      ? `${t("retention.confirm", { kept: plan.kept.orders.length, deleted: plan.deleted.orders + plan.deleted.appointments + plan.deleted.reports })} ${t("common:confirm.cannotUndo")}`
                      : `${t("detail.deleteHelp")} ${t("common:confirm.cannotUndo")}`
                  }
                  confirmLabel={t("detail.delete")}
                  fields={{ intent: "delete" }}
                  triggerVariant="destructive"
                  size="default"
                  testId="delete-user"
                />
              ) : null}
            </div>
          </CardContent>
        </Card>
      ) : null}
      {permissions.resetTwoFactor ? <TwoFactorResetCard userId={user.id} name={user.fullName} /> : null}
    </div>
  );
}

export const handle = { i18n: ["users", "security", "requests", "messages"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
