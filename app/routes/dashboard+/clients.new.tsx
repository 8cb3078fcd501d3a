import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { PageHeader } from "~/components/page-header";
import { translate } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { ASSIGNABLE_ROLES, CreateUserSchema } from "~/features/users";
import { inviteUser } from "~/features/auth/index.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { clientIp, refusal } from "~/lib/http.server";
import { supportedLanguages } from "~/lib/i18n/config";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  return json({ canGrantAdmin: actor.role === "owner", title: await translate(request, "users:create.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: CreateUserSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const user = await inviteUser(actor, "users", submission.value, { ip: clientIp(request) });
    return redirectWithToast(`/dashboard/clients/${user.id}`, { type: "success", message: "users:toast.created", params: { email: user.email } });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

export default function NewUserPage() {
  const { t } = useTranslation("users");
  const { canGrantAdmin } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useZodForm(CreateUserSchema, {
    id: "new-user",
    lastResult,
    defaultValue: { role: "client", locale: "en" },
  });
  // Only the owner creates staff members and administrators (the server says so too).
  const roles = canGrantAdmin ? ASSIGNABLE_ROLES : (["client"] as const);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <PageHeader title={t("create.title")} description={t("create.subtitle")} back={{ to: "/dashboard/clients", label: t("detail.back") }} />
      <Card>
        <CardContent className="pt-6">
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField field={fields.fullName} label={t("fields.fullName")} />
            <TextField field={fields.email} type="email" label={t("fields.email")} />
            <SelectField field={fields.role} label={t("fields.role")} options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
            <SelectField
              field={fields.locale}
              label={t("fields.locale")}
              options={supportedLanguages.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
            />
            <Button type="submit" className="self-start" disabled={navigation.state === "submitting"}>
              {t("create.submit")}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export const handle = { i18n: ["users"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
