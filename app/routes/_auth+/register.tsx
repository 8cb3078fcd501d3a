import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { CalendarPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { RegisterSchema, AuthCard, AuthNotice, useRedirectTo, NewPasswordFields } from "~/features/auth";
import { registerUser, hidingFields, requestContext } from "~/features/auth/index.server";
import { titleMeta } from "~/lib/meta";
import { translate } from "~/lib/i18n/i18n.server";
import { requireGuest } from "~/core/identity/guards.server";
import { refusal, safeRedirect } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return json({ title: await translate(request, "auth:register.title") });
}

/**
 * The same answer whether or not the address has an account (no enumeration): the sign-in
 * page with "check your inbox". A new address gets its account and a verification link, a
 * known one an e-mail to its owner. The new account signs in with the password just chosen;
 * both the sign-in page and the verification link lead on to `redirectTo` (e.g. the booking page).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  const hidden = ["password", "confirmPassword"];
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 });

  try {
    // The account speaks the language the visitor was using (e-mails, notifications).
    await registerUser({ ...submission.value, locale: await getLanguage(request) }, requestContext(request));
  } catch (error) {
    return refusal(request, error, hidingFields(submission, hidden));
  }
  const params = new URLSearchParams({ registered: "1" });
  const redirectTo = safeRedirect(submission.value.redirectTo, "");
  if (redirectTo) params.set("redirectTo", redirectTo);
  return redirect(`/login?${params}`);
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>()?.result;
  const { redirectTo, keepRedirect, forBooking } = useRedirectTo();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(RegisterSchema, {
    id: "register",
    lastResult,
  });

  return (
    <AuthCard title={t("register.title")} description={t("register.subtitle")}>
      {forBooking ? <AuthNotice icon={CalendarPlus}>{t("booking.reason")}</AuthNotice> : null}
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
        <Link to={keepRedirect("/login")} className="primary-link">
          {t("register.signIn")}
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
