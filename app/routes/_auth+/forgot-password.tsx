import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { ForgotPasswordSchema, AuthCard } from "~/features/auth";
import { requestPasswordReset, requestContext } from "~/features/auth/index.server";
import { titleMeta } from "~/lib/meta";
import { translate } from "~/lib/i18n/i18n.server";
import { refusal } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ title: await translate(request, "auth:forgot.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await requestPasswordReset(submission.value.email, requestContext(request));
  } catch (error) {
    return refusal(request, error, submission);
  }
  // The same answer whether or not the address has an account.
  return redirectWithToast("/login", { type: "success", message: "auth:toast.resetSent" });
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useZodForm(ForgotPasswordSchema, {
    id: "forgot-password",
    lastResult,
  });
  return (
    <AuthCard title={t("forgot.title")} description={t("forgot.subtitle")}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.email} type="email" label={t("fields.email")} inputProps={{ autoComplete: "email" }} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("forgot.submit")}
        </Button>
      </Form>
      <Link to="/login" className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline">
        {t("forgot.backToLogin")}
      </Link>
    </AuthCard>
  );
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
