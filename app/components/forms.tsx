import { getInputProps, getTextareaProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Input, Select, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useResetKey } from "./form-reset";
import type { SelectOption } from "./select-options";
import { decodeMessage } from "~/lib/app-error";
import { cn } from "~/lib/utils";

/**
 * The one form pattern: Conform fields built from the same zod schema the
 * server parses with. Error messages are i18n keys ("namespace:key"),
 * translated here, shown next to the field and announced.
 */

type ZodFormOptions<Schema extends z.ZodTypeAny> = Omit<Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0], "constraint" | "onValidate">;

/**
 * Conform's useForm for a zod schema: the browser checks with the schema the server
 * parses with (HTML constraints too), a field when it is left and again as it is
 * corrected. Options override the timing (e.g. shouldValidate "onSubmit").
 * After any successful action on the page the form comes back to its (new) defaults: Conform
 * keeps what was typed across a reload of the data, so a status select would otherwise offer
 * the previous choice again, with the previous note.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(schema: Schema, options: ZodFormOptions<Schema>) {
  const resetKey = useResetKey();
  // Conform resets a form to its current defaults when it is given a new result without values;
  // it is given only until the key is committed, so a later refusal elsewhere keeps this form's values.
  const [reset, setReset] = useState(() => ({ key: resetKey, result: { initialValue: null } as SubmissionResult<string[]> }));
  if (reset.key !== resetKey) setReset({ key: resetKey, result: { initialValue: null } });
  const shown = useRef(resetKey);
  useEffect(() => {
    shown.current = resetKey;
  }, [resetKey]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    ...options,
    lastResult: options.lastResult ?? (shown.current === resetKey ? undefined : reset.result),
  });
  // Conform re-renders a form only for the errors read while it rendered, and a read from a
  // field component often goes unrecorded: a submit the browser's check refused then showed
  // nothing. Reading them all here re-renders the form whenever any field's message changes.
  void form.allErrors;
  return [form, fields] as const;
}
/** A message key, with its parameters when a refusal or a schema encoded some (lib/app-error encodeMessage). */
function useMessage() {
  const { t } = useTranslation();
  return (message: string) => {
    const { key, params } = decodeMessage(message);
    return t(key, params);
  };
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const t = useMessage();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="text-sm font-medium text-destructive" role="alert">
      {errors.map((error) => (
        <li key={error}>{t(error)}</li>
      ))}
    </ul>
  );
}

/** The form-level message (submission.reply({ formErrors })), e.g. "Invalid credentials". */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  const t = useMessage();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
      {errors.map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
};

function FieldShell({ label, hint, className, field, children }: FieldProps & { field: FieldMetadata<unknown>; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={field.id}>{label}</Label>
      {children}
      {hint ? (
        <p id={field.descriptionId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextField({
  field,
  type = "text",
  inputProps,
  ...shell
}: FieldProps & {
  field: FieldMetadata<string | number | undefined | null>;
  type?: "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "time" | "search";
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <FieldShell field={field as FieldMetadata<unknown>} {...shell}>
      <Input {...getInputProps(field, { type, ariaDescribedBy: shell.hint ? field.descriptionId : undefined })} {...inputProps} />
    </FieldShell>
  );
}

export function TextareaField({
  field,
  textareaProps,
  ...shell
}: FieldProps & { field: FieldMetadata<string | undefined | null>; textareaProps?: React.TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  return (
    <FieldShell field={field as FieldMetadata<unknown>} {...shell}>
      <Textarea {...getTextareaProps(field, { ariaDescribedBy: shell.hint ? field.descriptionId : undefined })} {...textareaProps} />
    </FieldShell>
  );
}

export function SelectField({
  field,
  options,
  placeholder,
  ...shell
}: FieldProps & {
  field: FieldMetadata<string | undefined | null>;
  options: SelectOption[];
  placeholder?: string;
}) {
  return (
    <FieldShell field={field as FieldMetadata<unknown>} {...shell}>
      <Select {...getSelectProps(field)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FieldShell>
  );
}
