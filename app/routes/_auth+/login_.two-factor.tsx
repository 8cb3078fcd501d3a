import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { completeTwoFactorSignIn, requestContext, clearPendingChallenge, readPendingChallenge } from "~/features/auth/index.server";
import { AuthCard, useRedirectTo, TwoFactorSignInSchema } from "~/features/auth";
import { requireGuest } from "~/core/identity/guards.server";
import { isAppError } from "~/lib/app-error";
import { homePathFor } from "~/lib/features";
import { refusal, safeRedirect } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { translate } from "~/lib/i18n/i18n.server";
import { titleMeta } from "~/lib/meta";
import { commitSessionCookie } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The sign-in's second step (docs/decisions/010): after the right password, an account with
 * two-factor types the authenticator app's code or a recovery code. The pending sign-in waits in
 * a ten-minute cookie; without it (expired, or opened directly) the visitor starts at /login.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  if (!(await readPendingChallenge(request))) throw redirect("/login");
  return json({ title: await translate(request, "security:signIn.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const mfaToken = await readPendingChallenge(request);
  if (!mfaToken) return redirectWithToast("/login", { type: "error", message: "security:errors.challengeExpired" });
  const submission = parseWithZod(await request.formData(), { schema: TwoFactorSignInSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });

  try {
    const { user, session, deviceCookie, trustCookie } = await completeTwoFactorSignIn({ mfaToken, ...submission.value }, requestContext(request));
    const headers = new Headers();
    headers.append("Set-Cookie", await commitSessionCookie(session));
    headers.append("Set-Cookie", deviceCookie);
    headers.append("Set-Cookie", await clearPendingChallenge());
    if (trustCookie) headers.append("Set-Cookie", trustCookie);
    return redirectWithToast(
      safeRedirect(submission.value.redirectTo, homePathFor(user.role)),
      { type: "success", message: "auth:toast.loginSuccess" },
      { headers },
    );
  } catch (error) {
    if (isAppError(error) && error.key === "security:errors.challengeExpired") {
      return redirectWithToast("/login", { type: "error", message: error.key }, { headers: { "Set-Cookie": await clearPendingChallenge() } });
    }
    return refusal(request, error, { reply: (options) => submission.reply({ ...options, hideFields: ["code"] }) });
  }
}

export default function TwoFactorSignInPage() {
  const { t } = useTranslation("security");
  const lastResult = useActionData<typeof action>()?.result;
  const { redirectTo } = useRedirectTo();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(TwoFactorSignInSchema, { id: "two-factor-sign-in", lastResult, shouldValidate: "onSubmit" });

  return (
    <AuthCard title={t("signIn.title")} description={t("signIn.subtitle")}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          field={fields.code}
          label={t("fields.code")}
          hint={t("signIn.codeHint")}
          inputProps={{ autoComplete: "one-time-code", autoCapitalize: "none", spellCheck: false }}
        />
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <input {...getInputProps(fields.trustBrowser, { type: "checkbox" })} className="size-4 accent-primary" />
            <label htmlFor={fields.trustBrowser.id} className="text-sm">
              {t("signIn.trustBrowser")}
            </label>
          </div>
          <FieldErrors id={fields.trustBrowser.errorId} errors={fields.trustBrowser.errors} />
        </div>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("signIn.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/login" className="text-primary underline-offset-4 hover:underline">
          {t("signIn.startAgain")}
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta = titleMeta;

export const handle = { i18n: ["auth", "security"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
