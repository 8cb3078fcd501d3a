import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { LoginSchema } from "~/features/auth/auth.schema";
import { signIn } from "~/features/auth/auth.server";
import { AuthCard } from "~/features/auth/auth-card";
import { authPageTitle } from "~/features/auth/meta";
import { useRedirectTo } from "~/features/auth/redirect-to";
import { requestContext } from "~/features/auth/request.server";
import { requireGuest } from "~/features/auth/guards.server";
import { homePathFor } from "~/lib/features";
import { safeRedirect } from "~/lib/http.server";
import { commitSessionCookie } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password"] }), { status: 400 });

  const result = await signIn(submission.value, { ...requestContext(request), kind: "cookie" });
  if (!result.ok) {
    const message =
      result.reason === "rate_limited" ? "auth:errors.rateLimited" : result.reason === "disabled" ? "auth:errors.accountDisabled" : "auth:errors.invalidCredentials";
    return json(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: result.reason === "rate_limited" ? 429 : 400 });
  }
  const to = safeRedirect(submission.value.redirectTo, homePathFor(result.user.role));
  return redirectWithToast(
    to,
    { type: "success", message: "auth:toast.loginSuccess" },
    { headers: { "Set-Cookie": await commitSessionCookie(result.session) } },
  );
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const { redirectTo, keepRedirect } = useRedirectTo();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(LoginSchema, {
    id: "login",
    lastResult,
  });

  return (
    <AuthCard title={t("login.title")} description={t("login.subtitle")}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.email} type="email" label={t("fields.email")} inputProps={{ autoComplete: "email" }} />
        <TextField field={fields.password} type="password" label={t("fields.password")} inputProps={{ autoComplete: "current-password" }} />
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <input {...getInputProps(fields.rememberMe, { type: "checkbox" })} className="size-4 accent-primary" />
            <label htmlFor={fields.rememberMe.id} className="text-sm">
              {t("login.rememberMe")}
            </label>
          </div>
          <FieldErrors id={fields.rememberMe.errorId} errors={fields.rememberMe.errors} />
        </div>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("login.submit")}
        </Button>
      </Form>
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
          {t("login.forgot")}
        </Link>
        <p>
          {t("login.noAccount")}{" "}
          <Link to={keepRedirect("/register")} className="font-semibold text-primary underline-offset-4 hover:underline">
            {t("login.register")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

export const meta: MetaFunction = (args) => authPageTitle(args, "login.title");

export const ErrorBoundary = GeneralErrorBoundary;
