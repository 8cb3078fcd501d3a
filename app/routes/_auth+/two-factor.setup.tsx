import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { AuthCard, TwoFactorSetupSchema } from "~/features/auth";
import { requireUser } from "~/core/identity/guards.server";
import { requestContext, confirmTwoFactorSetup, resumeTwoFactorSetup, startTwoFactorSetup, twoFactorStatus } from "~/features/auth/index.server";
import { homePathFor } from "~/lib/features";
import { refusal, safeRedirect } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { translate } from "~/lib/i18n/i18n.server";
import { titleMeta } from "~/lib/meta";

/**
 * Setting up two-factor sign-in (docs/decisions/010): a QR code drawn on the server (SVG), the
 * otpauth:// address as a link (a phone opens its app with it) and the secret as text, then the
 * app's code to confirm. The secret travels sealed in the form until the code proves it, so
 * opening the page writes nothing. Owner and admins without two-factor are sent here by the
 * back-office guard; the profile links here for everyone. The ten recovery codes are shown once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const status = await twoFactorStatus(user);
  const url = new URL(request.url);
  return json({
    setup: await startTwoFactorSetup(user),
    enabled: status.enabled,
    required: status.required,
    next: safeRedirect(url.searchParams.get("redirectTo"), homePathFor(user.role) === "/dashboard" ? "/dashboard/profile" : "/client/profile"),
    title: await translate(request, "security:setup.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: TwoFactorSetupSchema });
  const setupToken = submission.payload.setupToken;
  const setup = typeof setupToken === "string" ? await resumeTwoFactorSetup(user, setupToken) : null;
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["code"] }), setup, recoveryCodes: null }, { status: 400 });
  try {
    const recoveryCodes = await confirmTwoFactorSetup(user.id, submission.value, { ip: requestContext(request).ip });
    return json({ result: undefined, setup: null, recoveryCodes });
  } catch (error) {
    return refusal(request, error, { reply: (options) => submission.reply({ ...options, hideFields: ["code"] }) }, { setup, recoveryCodes: null });
  }
}

/** After a wrong code the page keeps the secret it showed (a new one would not match the app). */
export const shouldRevalidate = () => false;

export default function TwoFactorSetupPage() {
  const { t } = useTranslation("security");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    { result?: SubmissionResult<string[]>; setup?: typeof data.setup | null; recoveryCodes?: string[] | null } | undefined;
  const navigation = useNavigation();
  const setup = actionData?.setup ?? data.setup;
  const [form, fields] = useZodForm(TwoFactorSetupSchema, { id: "two-factor-setup", lastResult: actionData?.result, shouldValidate: "onSubmit" });

  if (actionData?.recoveryCodes) {
    return (
      <AuthCard title={t("recovery.title")} description={t("recovery.subtitle")}>
        <p role="status" className="mb-4 flex gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{t("recovery.enabled")}</span>
        </p>
        <ol className="grid grid-cols-2 gap-2 font-mono text-sm" dir="ltr" aria-label={t("recovery.listLabel")} data-testid="recovery-codes">
          {actionData.recoveryCodes.map((code) => (
            <li key={code} className="rounded border px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-muted-foreground">{t("recovery.once")}</p>
        <Button asChild className="mt-6 w-full">
          <Link to={data.next}>{t("recovery.continue")}</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("setup.title")} description={t("setup.subtitle")}>
      {data.required && !data.enabled ? (
        <p role="status" className="mb-4 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          {t("setup.required")}
        </p>
      ) : null}
      {data.enabled ? <p className="mb-4 text-sm text-muted-foreground">{t("setup.replaces")}</p> : null}
      <ol className="flex list-decimal flex-col gap-4 ps-5 text-sm">
        <li>
          <p>{t("setup.stepScan")}</p>
          <div
            className="mt-2 w-48 max-w-full rounded bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
            role="img"
            aria-label={t("setup.qrLabel")}
            // The server drew this SVG from the otpauth:// address (qrcode); nothing in it comes from a person.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="mt-2">
            <a href={setup.uri} className="text-primary underline-offset-4 hover:underline">
              {t("setup.openApp")}
            </a>
          </p>
        </li>
        <li>
          <p>{t("setup.stepKey")}</p>
          <code className="mt-1 block break-all rounded bg-muted px-2 py-1 font-mono text-sm" dir="ltr" data-testid="totp-secret">
            {setup.secret}
          </code>
          <p className="mt-1 text-xs text-muted-foreground">{t("setup.keyDetails")}</p>
        </li>
        <li>
          <p>{t("setup.stepCode")}</p>
        </li>
      </ol>
      <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="setupToken" value={setup.setupToken} />
        <TextField field={fields.code} label={t("fields.code")} inputProps={{ autoComplete: "one-time-code", inputMode: "numeric" }} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("setup.submit")}
        </Button>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-2 text-sm">
        {data.required && !data.enabled ? (
          <Form method="post" action="/resources/logout">
            <button type="submit" className="text-primary underline-offset-4 hover:underline">
              {t("setup.signOut")}
            </button>
          </Form>
        ) : (
          <Link to={data.next} className="text-primary underline-offset-4 hover:underline">
            {t("setup.cancel")}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}

export const meta = titleMeta;

export const handle = { i18n: ["auth", "security"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
