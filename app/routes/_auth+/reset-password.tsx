import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ResetPasswordSchema, AuthCard, NewPasswordFields } from "~/features/auth";
import { linkProblem } from "~/core/identity/account-links.server";
import { resetPassword, hidingFields, requestContext } from "~/features/auth/index.server";
import { titleMeta } from "~/lib/meta";
import { translate } from "~/lib/i18n/i18n.server";
import { getUser } from "~/core/identity/session-user.server";
import { refusal } from "~/lib/http.server";
import { readToken } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return json({ token, error: await linkProblem(token, "reset_password"), title: await translate(request, "auth:reset.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  const hidden = ["password", "confirmPassword"];
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 });
  // A browser already signed in as this account keeps its session; every other one ends.
  const current = await getUser(request);
  try {
    const { userId } = await resetPassword(submission.value.token, submission.value.password, {
      ip: requestContext(request).ip,
      keepSessionToken: current ? await readToken(request) : null,
    });
    return redirectWithToast(current?.id === userId ? "/" : "/login", { type: "success", message: "auth:toast.passwordReset" });
  } catch (error) {
    return refusal(request, error, hidingFields(submission, hidden));
  }
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { token, error } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useZodForm(ResetPasswordSchema, {
    id: "reset-password",
    lastResult,
  });

  if (error) {
    return (
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">{t("reset.invalidTitle")}</h1>
          <FormErrors errors={[error]} />
        </CardHeader>
        <CardContent>
          <Link to="/forgot-password" className="primary-link">
            {t("reset.requestNew")}
          </Link>
        </CardContent>
      </Card>
    );
  }
  return (
    <AuthCard title={t("reset.title")} description={t("reset.subtitle")}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} label={t("fields.newPassword")} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("reset.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
