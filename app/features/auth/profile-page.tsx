import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { CheckCircle2, CircleAlert, ImageUp, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { AVATAR_ACCEPT, AVATAR_MAX_MB, UserAvatar } from "~/features/users";
import { supportedLanguages } from "~/lib/i18n/config";
import { AvatarSchema, ChangeContactSchema, ChangeEmailSchema, ChangeNameSchema, ChangePasswordSchema } from "./auth.schema";
import { NewPasswordFields } from "./password-fields";
import { SecuritySection, type SecurityData } from "./security-section";

type ProfileUser = { email: string; fullName: string; locale: string; emailVerified: boolean; avatarUrl: string | null };

/** The answer of the form that was sent, so the other forms keep their own state. */
function useResultFor(intent: string): SubmissionResult<string[]> | undefined {
  const result = useActionData<{ result?: SubmissionResult<string[]> }>()?.result;
  return result?.initialValue?.intent === intent ? result : undefined;
}

type Contact = { phone: string | null; postalAddress: string | null };

/**
 * Picture, name, e-mail and password of the signed-in user (used by /client/profile and
 * /dashboard/profile); a client's page also has their phone and postal address (`contact`).
 */
export function ProfilePage({ user, security, contact }: { user: ProfileUser; security: SecurityData; contact?: Contact }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  const [nameForm, nameFields] = useZodForm(ChangeNameSchema, {
    id: "profile-name",
    lastResult: useResultFor("name"),
    defaultValue: { fullName: user.fullName, locale: user.locale },
  });
  const [contactForm, contactFields] = useZodForm(ChangeContactSchema, {
    id: "profile-contact",
    lastResult: useResultFor("contact"),
    defaultValue: { phone: contact?.phone ?? "", postalAddress: contact?.postalAddress ?? "" },
  });
  const [emailForm, emailFields] = useZodForm(ChangeEmailSchema, {
    id: "profile-email",
    lastResult: useResultFor("email"),
  });
  const [avatarForm, avatarFields] = useZodForm(AvatarSchema, {
    id: "profile-avatar",
    lastResult: useResultFor("avatar"),
    shouldValidate: "onSubmit",
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
    if (intent === "avatar") avatarForm.reset();
  }, [location.key, actionData, emailForm, passwordForm, avatarForm]);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader title={t("profile.title")} description={t("profile.subtitle")} />

      <Card>
        <CardHeader>
          <CardTitle>{t("profile.avatarSection")}</CardTitle>
          <CardDescription>{t("profile.avatarHelp", { max: AVATAR_MAX_MB })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-start gap-6">
          <UserAvatar url={user.avatarUrl} name={user.fullName} size={80} />
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" {...getFormProps(avatarForm)}>
              <FormErrors id={avatarForm.errorId} errors={avatarForm.errors} />
              <input type="hidden" name="intent" value="avatar" />
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={avatarFields.avatar.id}>{t("fields.avatar")}</Label>
                <input
                  {...getInputProps(avatarFields.avatar, { type: "file" })}
                  accept={AVATAR_ACCEPT}
                  className="block w-full max-w-sm text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
                />
                <FieldErrors id={avatarFields.avatar.errorId} errors={avatarFields.avatar.errors} />
              </div>
              <Button type="submit" className="self-start" disabled={busy}>
                <ImageUp aria-hidden />
                {t("profile.uploadAvatar")}
              </Button>
            </Form>
            {user.avatarUrl ? (
              <Form method="post">
                <input type="hidden" name="intent" value="removeAvatar" />
                <Button type="submit" variant="outline" className="self-start" disabled={busy}>
                  <Trash2 aria-hidden />
                  {t("profile.removeAvatar")}
                </Button>
              </Form>
            ) : null}
          </div>
        </CardContent>
      </Card>

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

      {contact ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("profile.contactSection")}</CardTitle>
            <CardDescription>{t("profile.contactHelp")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-col gap-4" {...getFormProps(contactForm)}>
              <FormErrors id={contactForm.errorId} errors={contactForm.errors} />
              <input type="hidden" name="intent" value="contact" />
              <TextField
                field={contactFields.phone}
                type="tel"
                label={t("fields.phone")}
                hint={t("fields.phoneHint")}
                inputProps={{ autoComplete: "tel", dir: "ltr", className: "rtl:text-end" }}
              />
              <TextareaField
                field={contactFields.postalAddress}
                label={t("fields.postalAddress")}
                hint={t("fields.postalAddressHint")}
                textareaProps={{ autoComplete: "street-address", dir: "auto", rows: 4 }}
              />
              <Button type="submit" className="self-start" disabled={busy}>
                {t("profile.saveContact")}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}

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
            <TextField
              field={emailFields.currentPassword}
              type="password"
              label={t("fields.currentPassword")}
              inputProps={{ autoComplete: "current-password" }}
            />
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

      <SecuritySection security={security} />
    </div>
  );
}
