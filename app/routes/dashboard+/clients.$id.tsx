import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, SelectField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EditUserFormSchema } from "~/features/users/users.schema";
import { deleteManagedUser, getManagedUser, updateManagedUser } from "~/features/users/users.server";
import { requireAdmin } from "~/features/auth/guards.server";
import { TwoFactorResetCard } from "~/features/auth/two-factor-reset";
import { hasTwoFactor } from "~/features/auth/two-factor.server";
import { FEATURES, isAdminRole } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { ConfirmAction } from "~/components/confirm-action";
import { PageHeader } from "~/components/page-header";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  const user = await loadOrNotFound(getManagedUser("users", params.id!));
  const isOwner = actor.role === "owner";
  return json({
    user,
    title: user.fullName,
    permissions: {
      // The owner account is the owner's alone; admins are managed by the owner only.
      edit: user.role === "owner" ? actor.id === user.id : user.role !== "admin" || isOwner || actor.id === user.id,
      changeRole: isOwner && user.role !== "owner",
      disableOrDelete: user.role !== "owner" && actor.id !== user.id && (user.role !== "admin" || isOwner),
      resetTwoFactor: isOwner && actor.id !== user.id && (await hasTwoFactor(user.id)),
    },
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
      await deleteManagedUser(actor, "users", id, { ip });
      return redirectWithToast("/dashboard/clients", { type: "success", message: "users:toast.deleted" });
    }
    if (value.intent === "disable" || value.intent === "enable") {
      await updateManagedUser(actor, "users", id, { disabled: value.intent === "disable" }, { ip });
      return redirectWithToast(back, { type: "success", message: value.intent === "disable" ? "users:toast.disabled" : "users:toast.enabled" });
    }
    await updateManagedUser(actor, "users", id, { fullName: value.fullName, role: value.role, enabledFeatures: value.enabledFeatures }, { ip });
    return redirectWithToast(back, { type: "success", message: "users:toast.saved" });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

export default function UserDetailPage() {
  const { t } = useTranslation("users");
  const { user, permissions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useZodForm(EditUserFormSchema, {
    id: "edit-user",
    lastResult,
    defaultValue: { fullName: user.fullName, role: user.role === "owner" ? undefined : user.role },
  });
  const staff = isAdminRole(user.role);
  const format = useFormatter();

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageHeader title={user.fullName} description={user.email} back={{ to: "/dashboard/clients", label: t("detail.back") }} />
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
            <dd>{user.disabled ? t("status.disabled") : t("status.active")}</dd>
            <dt className="font-semibold">{t("fields.emailVerified")}</dt>
            <dd>{user.emailVerified ? t("detail.yes") : t("detail.no")}</dd>
            <dt className="font-semibold">{t("fields.createdAt")}</dt>
            <dd>{format.dateTime(user.createdAt)}</dd>
            <dt className="font-semibold">{t("fields.lastLoginAt")}</dt>
            <dd>{user.lastLoginAt ? format.dateTime(user.lastLoginAt) : t("detail.never")}</dd>
          </dl>
        </CardContent>
      </Card>

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
                <SelectField field={fields.role} label={t("fields.role")} options={(["client", "admin"] as const).map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
              ) : null}
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-semibold">{t("fields.enabledFeatures")}</legend>
                {staff ? <p className="text-sm text-muted-foreground">{t("detail.staffHasAll")}</p> : null}
                {FEATURES.map((feature) => (
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
              <Button type="submit" className="self-start" disabled={busy}>
                {t("detail.save")}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">{t("detail.readOnly")}</p>
      )}

      {permissions.disableOrDelete ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.access")}</CardTitle>
            <CardDescription>{user.disabled ? t("detail.enableHelp") : t("detail.disableHelp")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            {user.disabled ? (
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
            )}
            <ConfirmAction
              label={t("detail.delete")}
              title={t("detail.deleteConfirmTitle", { name: user.fullName })}
              description={`${t("detail.deleteHelp")} ${t("common:confirm.cannotUndo")}`}
              confirmLabel={t("detail.delete")}
              fields={{ intent: "delete" }}
              triggerVariant="destructive"
              size="default"
              testId="delete-user"
            />
          </CardContent>
        </Card>
      ) : null}
      {permissions.resetTwoFactor ? <TwoFactorResetCard userId={user.id} name={user.fullName} /> : null}
    </div>
  );
}

export const handle = { i18n: ["users", "security"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
