import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { CheckCircle2, CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { supportedLanguages } from "~/lib/i18n/config";
import { ChangeEmailSchema, ChangeNameSchema, ChangePasswordSchema } from "./auth.schema";
import { NewPasswordFields } from "./password-fields";

type ProfileUser = { email: string; fullName: string; locale: string; emailVerified: boolean };

/** The answer of the form that was sent, so the other two forms keep their own state. */
function useResultFor(intent: string): SubmissionResult<string[]> | undefined {
  const result = useActionData<SubmissionResult<string[]>>();
  return result?.initialValue?.intent === intent ? result : undefined;
}

/** Name, e-mail and password of the signed-in user (used by /client/profile and /dashboard/profile). */
export function ProfilePage({ user }: { user: ProfileUser }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  const [nameForm, nameFields] = useZodForm(ChangeNameSchema, {
    id: "profile-name",
    lastResult: useResultFor("name"),
    defaultValue: { fullName: user.fullName, locale: user.locale },
  });
  const [emailForm, emailFields] = useZodForm(ChangeEmailSchema, {
    id: "profile-email",
    lastResult: useResultFor("email"),
  });
  const [passwordForm, passwordFields] = useZodForm(ChangePasswordSchema, {
    id: "profile-password",
    lastResult: useResultFor("password"),
  });

  // After a saved change (a redirect back here, so no action data) the form that was sent starts
  // afresh: no password is left in a field. The other forms keep what is being typed in them
  // (saving the name must not wipe a password form filled meanwhile). Without JavaScript the page reloads anyway.
  const location = useLocation();
  const actionData = useActionData();
  const seenLocation = useRef(location.key);
  const sentIntent = useRef<string | null>(null);
  const submittingIntent = navigation.formData?.get("intent");
  useEffect(() => {
    if (typeof submittingIntent === "string") sentIntent.current = submittingIntent;
  }, [submittingIntent]);
  useEffect(() => {
    if (seenLocation.current === location.key) return;
    seenLocation.current = location.key;
    const intent = sentIntent.current;
    sentIntent.current = null;
    if (actionData) return;
    if (intent === "email") emailForm.reset();
    if (intent === "password") passwordForm.reset();
  }, [location.key, actionData, emailForm, passwordForm]);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t("profile.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("profile.subtitle")}</p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>{t("profile.nameSection")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(nameForm)}>
            <FormErrors id={nameForm.errorId} errors={nameForm.errors} />
            <input type="hidden" name="intent" value="name" />
            <TextField field={nameFields.fullName} label={t("fields.fullName")} inputProps={{ autoComplete: "name" }} />
            <SelectField
              field={nameFields.locale}
              label={t("fields.language")}
              options={supportedLanguages.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
            />
            <Button type="submit" className="self-start" disabled={busy}>
              {t("profile.saveName")}
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("profile.emailSection")}</CardTitle>
          <CardDescription className="flex flex-wrap items-center gap-2">
            <span>{t("profile.currentEmail", { email: user.email })}</span>
            {user.emailVerified ? (
              <span className="inline-flex items-center gap-1 font-semibold text-emerald-700 dark:text-emerald-400">
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {t("profile.verified")}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 font-semibold text-amber-700 dark:text-amber-400">
                <CircleAlert aria-hidden="true" className="size-4" />
                {t("profile.notVerified")}
              </span>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(emailForm)}>
            <FormErrors id={emailForm.errorId} errors={emailForm.errors} />
            <input type="hidden" name="intent" value="email" />
            <p className="text-sm text-muted-foreground">{t("profile.emailHelp")}</p>
            <TextField field={emailFields.newEmail} type="email" label={t("fields.newEmail")} inputProps={{ autoComplete: "email" }} />
            <TextField field={emailFields.currentPassword} type="password" label={t("fields.currentPassword")} inputProps={{ autoComplete: "current-password" }} />
            <Button type="submit" className="self-start" disabled={busy}>
              {t("profile.changeEmail")}
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("profile.passwordSection")}</CardTitle>
          <CardDescription>{t("profile.passwordHelp")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(passwordForm)}>
            <FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
            <input type="hidden" name="intent" value="password" />
            <TextField
              field={passwordFields.currentPassword}
              type="password"
              label={t("fields.currentPassword")}
              inputProps={{ autoComplete: "current-password" }}
            />
            <NewPasswordFields password={passwordFields.password} confirmPassword={passwordFields.confirmPassword} label={t("fields.newPassword")} />
            <Button type="submit" className="self-start" disabled={busy}>
              {t("profile.changePassword")}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
