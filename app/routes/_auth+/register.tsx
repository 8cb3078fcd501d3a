import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { RegisterSchema } from "~/features/auth/auth.schema";
import { registerUser, startSession } from "~/features/auth/auth.server";
import { AuthCard } from "~/features/auth/auth-card";
import { authPageTitle } from "~/features/auth/meta";
import { useRedirectTo } from "~/features/auth/redirect-to";
import { requestContext } from "~/features/auth/request.server";
import { requireGuest } from "~/features/auth/guards.server";
import { safeRedirect } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { commitSessionCookie } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { NewPasswordFields } from "~/features/auth/password-fields";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });

  const context = requestContext(request);
  // The account speaks the language the visitor was using (e-mails, notifications).
  const result = await registerUser({ ...submission.value, locale: await getLanguage(request) }, context);
  if (!result.ok) {
    if (result.reason === "rate_limited") {
      return json(submission.reply({ formErrors: ["auth:errors.rateLimited"], hideFields: ["password", "confirmPassword"] }), { status: 429 });
    }
    return json(submission.reply({ fieldErrors: { email: ["auth:errors.emailTaken"] }, hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const session = await startSession(result.user.id, { ...context, kind: "cookie" });
  return redirectWithToast(
    safeRedirect(submission.value.redirectTo, "/client"),
    { type: "success", message: "auth:toast.registered" },
    { headers: { "Set-Cookie": await commitSessionCookie(session) } },
  );
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const { redirectTo, keepRedirect } = useRedirectTo();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(RegisterSchema, {
    id: "register",
    lastResult,
  });

  return (
    <AuthCard title={t("register.title")} description={t("register.subtitle")}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {/* Honeypot: invisible to people and screen readers, filled in by bots. */}
        <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="register-website">Website</label>
          <input id="register-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <TextField field={fields.fullName} label={t("fields.fullName")} inputProps={{ autoComplete: "name" }} />
        <TextField field={fields.email} type="email" label={t("fields.email")} inputProps={{ autoComplete: "email" }} />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} label={t("fields.password")} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("register.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        {t("register.haveAccount")}{" "}
        <Link to={keepRedirect("/login")} className="font-semibold text-primary underline-offset-4 hover:underline">
          {t("register.signIn")}
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta: MetaFunction = (args) => authPageTitle(args, "register.title");

export const ErrorBoundary = GeneralErrorBoundary;
