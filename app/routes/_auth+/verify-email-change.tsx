import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { VerifyTokenSchema } from "~/features/auth";
import { linkProblem } from "~/core/identity/account-links.server";
import { confirmEmailChange, requestContext } from "~/features/auth/index.server";
import { titleMeta } from "~/lib/meta";
import { translate } from "~/lib/i18n/i18n.server";
import { getUser } from "~/core/identity/session-user.server";
import { homePathFor } from "~/lib/features";
import { refusal } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

/** The link sent to a new e-mail address; confirming (a POST) makes it the account's address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return json({ token, error: await linkProblem(token, "change_email"), title: await translate(request, "auth:verifyChange.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: VerifyTokenSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const { email } = await confirmEmailChange(submission.value.token, { ip: requestContext(request).ip });
    const user = await getUser(request);
    return redirectWithToast(user ? `${homePathFor(user.role)}/profile` : "/login", { type: "success", message: "auth:toast.emailChanged", params: { email } });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

export default function VerifyEmailChangePage() {
  const { t } = useTranslation("auth");
  const { token, error } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const errors = error ? [error] : (lastResult?.error?.[""] ?? undefined);

  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-semibold">{errors ? t("verifyChange.invalidTitle") : t("verifyChange.title")}</h1>
        {errors ? null : <CardDescription>{t("verifyChange.confirmText")}</CardDescription>}
        <FormErrors errors={errors} />
      </CardHeader>
      {errors ? null : (
        <CardContent>
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
              {t("verifyChange.submit")}
            </Button>
          </Form>
        </CardContent>
      )}
    </Card>
  );
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
