import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { KeyRound, LogOut, MonitorSmartphone, ShieldCheck, ShieldOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { useFormatter } from "~/lib/format";
import { DisableTwoFactorSchema } from "./two-factor.schema";

/** What the profile's loader gives this section (features/auth/security.server.ts profileSecurity, as JSON). */
export type SecurityData = {
  twoFactor: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number; required: boolean };
  sessions: Array<{
    id: string;
    kind: "cookie" | "token";
    device: { browser: string | null; os: string | null };
    ip: string | null;
    createdAt: string;
    lastSeenAt: string;
    current: boolean;
  }>;
};

function useDisableResult(): SubmissionResult<string[]> | undefined {
  const result = useActionData<{ result?: SubmissionResult<string[]> }>()?.result;
  return result?.initialValue?.intent === "disableTwoFactor" ? result : undefined;
}

/** Two-factor sign-in and the sessions list of the profile (docs/decisions/010). */
export function SecuritySection({ security }: { security: SecurityData }) {
  return (
    <>
      <TwoFactorCard twoFactor={security.twoFactor} />
      <SessionsCard sessions={security.sessions} />
    </>
  );
}

function TwoFactorCard({ twoFactor }: { twoFactor: SecurityData["twoFactor"] }) {
  const { t } = useTranslation("security");
  const format = useFormatter();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(DisableTwoFactorSchema, { id: "two-factor-disable", lastResult: useDisableResult(), shouldValidate: "onSubmit" });

  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle>{t("profile.twoFactorSection")}</CardTitle>
        <CardDescription>{twoFactor.required ? t("profile.twoFactorRequired") : t("profile.twoFactorHelp")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {twoFactor.enabled ? (
          <>
            <p className="inline-flex items-center gap-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
              <ShieldCheck aria-hidden className="size-4" />
              {t("profile.twoFactorOn", { date: format.date(twoFactor.enabledAt!) })}
            </p>
            <p className="text-sm">{t("profile.recoveryLeft", { count: twoFactor.recoveryCodesLeft })}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild variant="outline">
                <Link to="/two-factor/setup">
                  <KeyRound aria-hidden />
                  {t("profile.setUpAgain")}
                </Link>
              </Button>
            </div>
            {twoFactor.required ? null : (
              <Form method="post" className="flex max-w-sm flex-col gap-3" {...getFormProps(form)}>
                <FormErrors id={form.errorId} errors={form.errors} />
                <input type="hidden" name="intent" value="disableTwoFactor" />
                <TextField field={fields.code} label={t("fields.code")} inputProps={{ autoComplete: "one-time-code" }} />
                <Button type="submit" variant="outline" className="self-start" disabled={busy}>
                  <ShieldOff aria-hidden />
                  {t("profile.turnOff")}
                </Button>
              </Form>
            )}
          </>
        ) : (
          <>
            <p className="inline-flex items-center gap-2 text-sm font-semibold text-amber-700 dark:text-amber-400">
              <ShieldOff aria-hidden className="size-4" />
              {t("profile.twoFactorOff")}
            </p>
            <Button asChild className="self-start">
              <Link to="/two-factor/setup">
                <KeyRound aria-hidden />
                {t("profile.setUp")}
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function SessionsCard({ sessions }: { sessions: SecurityData["sessions"] }) {
  const { t } = useTranslation("security");
  const format = useFormatter();
  const busy = useNavigation().state === "submitting";
  const others = sessions.filter((session) => !session.current).length;

  return (
    <Card id="sessions">
      <CardHeader>
        <CardTitle>{t("sessions.title")}</CardTitle>
        <CardDescription>{t("sessions.help")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="flex flex-col divide-y rounded-md border" aria-label={t("sessions.title")}>
          {sessions.map((session) => {
            const device =
              session.kind === "token"
                ? t("sessions.apiToken", { client: session.device.browser ?? t("sessions.unknownClient") })
                : session.device.browser && session.device.os
                  ? t("sessions.browserOn", { browser: session.device.browser, os: session.device.os })
                  : (session.device.browser ?? session.device.os ?? t("sessions.unknownDevice"));
            return (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm" data-testid="session-row">
                <div className="flex min-w-0 items-start gap-3">
                  <MonitorSmartphone aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <div className="flex min-w-0 flex-col">
                    <span className="font-semibold">
                      {device}
                      {session.current ? (
                        <Badge tone="primary" className="ms-2">
                          {t("sessions.current")}
                        </Badge>
                      ) : null}
                    </span>
                    <span className="text-muted-foreground">
                      {t("sessions.details", { ip: session.ip ?? t("sessions.unknownIp"), lastSeen: format.dateTime(session.lastSeenAt) })}
                    </span>
                  </div>
                </div>
                {session.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="signOutSession" />
                    <input type="hidden" name="sessionId" value={session.id} />
                    <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={t("sessions.signOutOneLabel", { device })}>
                      <LogOut aria-hidden />
                      {t("sessions.signOutOne")}
                    </Button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
        {others > 0 ? (
          <ConfirmAction
            label={t("sessions.signOutOthers")}
            title={t("sessions.signOutOthersTitle")}
            description={t("sessions.signOutOthersHelp", { count: others })}
            confirmLabel={t("sessions.signOutOthers")}
            fields={{ intent: "signOutOthers" }}
            size="default"
            className="self-start"
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
