import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { TranslationStatusBadge } from "./desk-parts";
import { TRANSLATION_LANGUAGES } from "./file-types";
import type { TranslationStatus } from "./status";
import { SendToDeskFormSchema } from "./translations.schema";

type DeskFile = { id: string; status: TranslationStatus };

/**
 * Under one of an order's documents on its staff page: the desk file made from it (a link to it
 * with its status), or "Send to the translation desk", which opens the two languages (the
 * order's earlier ones, else the desk's defaults) and sends it in one step. A plain form
 * in a disclosure: it works without JavaScript; with it, the button waits while it is sent.
 */
export function SendToDesk({
  documentId,
  deskFile,
  defaults,
  lastResult,
}: {
  documentId: string;
  deskFile: DeskFile | null;
  defaults: { sourceLanguage: string; targetLanguage: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("translations");
  const navigation = useNavigation();
  const [form, fields] = useZodForm(SendToDeskFormSchema, {
    id: `to-desk-${documentId}`,
    lastResult,
    defaultValue: { intent: "toDesk", documentId, ...defaults },
  });
  if (deskFile) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>{t("orderDesk.onDesk")}</span>
        <TranslationStatusBadge status={deskFile.status} />
        <Link to={`/dashboard/translations/${deskFile.id}`} className="primary-link">
          {t("orderDesk.open")}
        </Link>
      </p>
    );
  }
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "toDesk" && navigation.formData.get("documentId") === documentId;
  const languages = TRANSLATION_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }));
  return (
    <details className="w-full text-sm" open={Boolean(lastResult)}>
      <summary className="inline-flex cursor-pointer items-center gap-1 font-medium text-primary">
        <Languages className="size-4" aria-hidden />
        {t("orderDesk.send")}
      </summary>
      <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="toDesk" />
        <input type="hidden" name="documentId" value={documentId} />
        <p className="text-muted-foreground">{t("orderDesk.sendHint")}</p>
        <FormErrors id={form.errorId} errors={form.errors ?? fields.documentId.errors} />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField field={fields.sourceLanguage} label={t("upload.sourceLanguage")} options={languages} />
          <SelectField field={fields.targetLanguage} label={t("upload.targetLanguage")} options={languages} />
        </div>
        <Button type="submit" size="sm" disabled={sending}>
          {t("orderDesk.submit")}
        </Button>
      </Form>
    </details>
  );
}
