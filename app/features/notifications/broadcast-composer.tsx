import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldErrors, FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { AUDIENCE_ROLES, AUDIENCES, ComposeSchema } from "./notifications.schema";

const LANGUAGE_FIELDS = [
  { language: "en", title: "titleEn", body: "bodyEn", dir: "ltr" },
  { language: "ar", title: "titleAr", body: "bodyAr", dir: "rtl" },
  { language: "fr", title: "titleFr", body: "bodyFr", dir: "ltr" },
] as const;

/**
 * Staff compose a notification to one user (by e-mail), a role or everyone,
 * in the three languages. Without JavaScript every field shows; with it, only
 * the recipient field that applies.
 */
export function BroadcastComposer({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("notifications");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "compose";
  const [form, fields] = useZodForm(ComposeSchema, {
    id: "compose-notification",
    lastResult,
    defaultValue: { audience: "user" },
  });
  const audience = fields.audience.value ?? "user";

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("compose.title")}</CardTitle>
        <CardDescription>{t("compose.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5">
          <input type="hidden" name="intent" value="compose" />
          <FormErrors id={form.errorId} errors={form.errors} />

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t("compose.audience")}</legend>
            <div className="flex flex-wrap gap-4">
              {AUDIENCES.map((value) => (
                <label key={value} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={fields.audience.name}
                    value={value}
                    defaultChecked={(fields.audience.initialValue ?? "user") === value}
                    className="size-4 accent-primary"
                  />
                  {t(`compose.audiences.${value}`)}
                </label>
              ))}
            </div>
            <FieldErrors id={fields.audience.errorId} errors={fields.audience.errors} />
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            {!hydrated || audience === "user" ? (
              <TextField field={fields.email} type="email" label={t("compose.email")} inputProps={{ autoComplete: "off" }} />
            ) : null}
            {!hydrated || audience === "role" ? (
              <SelectField
                field={fields.role}
                label={t("compose.role")}
                options={AUDIENCE_ROLES.map((role) => ({ value: role, label: t(`compose.roles.${role}`) }))}
              />
            ) : null}
          </div>

          {LANGUAGE_FIELDS.map((group) => (
            <fieldset key={group.language} className="flex flex-col gap-3 rounded-md border p-4">
              <legend className="px-1 text-sm font-medium">{t(`compose.languages.${group.language}`)}</legend>
              <TextField field={fields[group.title]} label={t("compose.fieldTitle")} inputProps={{ lang: group.language, dir: group.dir }} />
              <TextareaField field={fields[group.body]} label={t("compose.fieldBody")} textareaProps={{ lang: group.language, dir: group.dir }} />
            </fieldset>
          ))}

          <TextField field={fields.link} label={t("compose.link")} hint={t("compose.linkHint")} inputProps={{ dir: "ltr" }} />

          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name={fields.alsoEmail.name} value="on" className="size-4 accent-primary" />
            {t("compose.alsoEmail")}
          </label>

          <div>
            <Button type="submit" disabled={sending}>
              <Send aria-hidden className="rtl:-scale-x-100" />
              {t("compose.submit")}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
