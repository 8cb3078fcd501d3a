import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { ResendVerificationSchema, TokenSchema } from "~/features/auth";
import { linkProblem } from "~/core/identity/account-links.server";
import { resendVerification, verifyEmail, requestContext } from "~/features/auth/index.server";
import { titleMeta } from "~/lib/meta";
import { translate } from "~/lib/i18n/i18n.server";
import { getUser } from "~/core/identity/session-user.server";
import { homePathFor } from "~/lib/features";
import { refusal, safeRedirect } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The link in the verification e-mail opens this page; the verification itself is a POST
 * (a GET changes nothing, so mail scanners that open links cannot use the token up).
 * Without a token, or with a spent one, the page offers to send a new link. A link sent at
 * registration may carry `redirectTo` (the booking page the visitor came for): it leads there.
 */
const VerifySchema = z.object({ intent: z.literal("verify"), token: TokenSchema, redirectTo: z.string().optional() });
const ResendSchema = ResendVerificationSchema.extend({ intent: z.literal("resend") });
const ActionSchema = z.discriminatedUnion("intent", [VerifySchema, ResendSchema]);

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const token = query.get("token") ?? "";
  return json({
    token,
    redirectTo: safeRedirect(query.get("redirectTo"), ""),
    error: token ? await linkProblem(token, "verify_email") : null,
    title: await translate(request, "auth:verify.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ActionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const context = requestContext(request);
  try {
    if (submission.value.intent === "resend") {
      await resendVerification(submission.value.email, context);
      return redirectWithToast("/verify-email", { type: "success", message: "auth:toast.verificationSent" });
    }
    await verifyEmail(submission.value.token, { ip: context.ip });
  } catch (error) {
    return refusal(request, error, submission);
  }
  // Back to where the account was made for (the booking page); a visitor signed out signs in first.
  const user = await getUser(request);
  const back = safeRedirect(submission.value.redirectTo, "");
  const next = user ? back || homePathFor(user.role) : back ? `/login?${new URLSearchParams({ redirectTo: back })}` : "/login";
  return redirectWithToast(next, { type: "success", message: "auth:toast.emailVerified" });
}

export default function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const { token, redirectTo, error } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [resendForm, resendFields] = useZodForm(ResendSchema, {
    id: "resend-verification",
    lastResult: lastResult?.initialValue?.intent === "resend" ? lastResult : undefined,
  });
  const verifyErrors = lastResult?.initialValue?.intent === "verify" ? lastResult.error?.[""] : undefined;
  const showVerify = Boolean(token) && !error && !verifyErrors;

  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-semibold">{showVerify || !token ? t("verify.title") : t("verify.invalidTitle")}</h1>
        {showVerify ? <CardDescription>{t("verify.confirmText")}</CardDescription> : null}
        <FormErrors errors={error ? [error] : (verifyErrors ?? undefined)} />
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {showVerify ? (
          <Form method="post">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
              {t("verify.submit")}
            </Button>
          </Form>
        ) : (
          <section aria-labelledby="resend-heading" className="flex flex-col gap-3">
            <h2 id="resend-heading" className="text-lg font-semibold">
              {t("verify.resendTitle")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("verify.resendText")}</p>
            <Form method="post" className="flex flex-col gap-4" {...getFormProps(resendForm)}>
              <FormErrors id={resendForm.errorId} errors={resendForm.errors} />
              <input type="hidden" name="intent" value="resend" />
              <TextField field={resendFields.email} type="email" label={t("fields.email")} inputProps={{ autoComplete: "email" }} />
              <Button type="submit" variant="outline" disabled={navigation.state === "submitting"}>
                {t("verify.resendSubmit")}
              </Button>
            </Form>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
