import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { CalendarPlus, MailCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button, buttonVariants } from "~/components/ui/button";
import { LoginSchema, AuthCard, AuthNotice, useRedirectTo } from "~/features/auth";
import { signIn, hidingFields, requestContext, setPendingChallenge } from "~/features/auth/index.server";
import { titleMeta } from "~/lib/meta";
import { translate } from "~/lib/i18n/i18n.server";
import { requireGuest } from "~/core/identity/guards.server";
import { homePathFor } from "~/lib/features";
import { refusal, safeRedirect } from "~/lib/http.server";
import { commitSessionCookie } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return json({ title: await translate(request, "auth:login.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });

  try {
    const result = await signIn(submission.value, { ...requestContext(request), kind: "cookie" });
    if (result.mfaRequired) {
      // The code comes next (docs/decisions/010): the pending sign-in waits in a ten-minute cookie.
      const next = submission.value.redirectTo ? `?${new URLSearchParams({ redirectTo: submission.value.redirectTo })}` : "";
      return redirect(`/login/two-factor${next}`, { headers: { "Set-Cookie": await setPendingChallenge(result.mfaToken) } });
    }
    const { user, session, deviceCookie } = result;
    const headers = new Headers();
    headers.append("Set-Cookie", await commitSessionCookie(session));
    headers.append("Set-Cookie", deviceCookie);
    return redirectWithToast(
      safeRedirect(submission.value.redirectTo, homePathFor(user.role)),
      { type: "success", message: "auth:toast.loginSuccess" },
      { headers },
    );
  } catch (error) {
    return refusal(request, error, hidingFields(submission, ["password"]));
  }
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>()?.result;
  const { redirectTo, keepRedirect, forBooking } = useRedirectTo();
  const [searchParams] = useSearchParams();
  const registered = searchParams.get("registered") === "1";
  const navigation = useNavigation();
  const [form, fields] = useZodForm(LoginSchema, {
    id: "login",
    lastResult,
  });

  return (
    <AuthCard title={t("login.title")} description={t("login.subtitle")}>
      {registered ? (
        <AuthNotice icon={MailCheck}>{t("register.sent")}</AuthNotice>
      ) : forBooking ? (
        <AuthNotice icon={CalendarPlus}>{t("booking.reason")}</AuthNotice>
      ) : null}
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
        {/* Someone who came to book is likely new here: creating an account is a button, below the sign-in. */}
        <p className={forBooking ? "flex flex-col gap-2" : undefined}>
          {t("login.noAccount")}{" "}
          <Link to={keepRedirect("/register")} className={forBooking ? buttonVariants({ variant: "outline" }) : "primary-link"}>
            {t("login.register")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
