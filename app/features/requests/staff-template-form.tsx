import { getFormProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { supportedLanguages } from "~/lib/i18n/config";
import { ItemsEditor } from "./staff-items-editor";
import { TemplateFormSchema, type TemplateFormInput } from "./staff-forms";

/**
 * A request template's form (new or edit): the service it is offered for (none: every service),
 * its language, title, message and items, with the same items editor as a new list.
 */
export function TemplateForm({
  lastResult,
  defaultValue,
  services,
  submitLabel,
}: {
  lastResult?: SubmissionResult<string[]>;
  defaultValue: TemplateFormInput;
  services: Array<{ key: string; title: string }>;
  submitLabel: string;
}) {
  const { t } = useTranslation("requests");
  const [form, fields] = useZodForm(TemplateFormSchema, { id: "request-template", lastResult, shouldValidate: "onSubmit", defaultValue });
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)} data-testid="template-form">
      <input type="hidden" name="intent" value="save" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.serviceKey}
          label={t("templates.fields.service")}
          hint={t("templates.fields.serviceHint")}
          placeholder={t("templates.anyService")}
          options={services.map((service) => ({ value: service.key, label: service.title }))}
        />
        <SelectField
          field={fields.locale}
          label={t("templates.fields.language")}
          options={supportedLanguages.map((locale) => ({ value: locale, label: t(`templates.locale.${locale}`) }))}
        />
        <TextField field={fields.title} label={t("templates.fields.title")} className="sm:col-span-2" inputProps={{ dir: "auto", maxLength: 200 }} />
        <TextareaField field={fields.message} label={t("templates.fields.message")} className="sm:col-span-2" textareaProps={{ rows: 4, dir: "auto" }} />
      </div>
      <ItemsEditor
        form={form as unknown as FormMetadata<Record<string, unknown>, string[]>}
        field={fields.items as unknown as FieldMetadata<TemplateFormInput["items"] | undefined, Record<string, unknown>, string[]>}
      />
      <Button type="submit" data-testid="save-template">
        {submitLabel}
      </Button>
    </Form>
  );
}
