import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Plus, Send, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { QuoteFormSchema } from "~/features/billing/billing.schema";
import { LINE_KINDS } from "~/features/billing/status";

export type QuoteFormDefaults = {
  lines: Array<{ kind: string; description: string; quantity: string; unitPrice: string }>;
  validUntil: string;
  note: string;
};

/**
 * The quote editor: lines (an item: description, quantity, unit price in USD; a discount or a
 * tax: its amount), a validity date and a note. "Add a line" and "Remove" are Conform list
 * intents: without JavaScript they post the form and the server answers it with one line
 * more or less, what was typed kept. "Save draft" keeps it; "Send to client" sends it.
 */
export function QuoteEditor({
  lastResult,
  defaultValue,
  quoteId,
}: {
  lastResult?: SubmissionResult<string[]>;
  defaultValue: QuoteFormDefaults;
  quoteId?: string;
}) {
  const { t } = useTranslation("billing");
  const [form, fields] = useZodForm(QuoteFormSchema, { id: "quote-editor", lastResult, defaultValue, shouldValidate: "onSubmit" });
  const lines = fields.lines.getFieldList();
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)} data-testid="quote-editor">
      <input type="hidden" name="intent" value="quote" />
      {quoteId ? <input type="hidden" name="quoteId" value={quoteId} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormErrors id={fields.lines.errorId} errors={fields.lines.errors} />
      <ol className="space-y-3">
        {lines.map((line, index) => {
          const parts = line.getFieldset();
          return (
            <li
              key={line.key}
              className="grid gap-3 rounded-md border p-3 sm:grid-cols-[8rem_1fr_5rem_8rem_auto] sm:items-start"
              aria-label={t("quote.lineNumber", { number: index + 1 })}
            >
              <SelectField field={parts.kind} label={t("lines.kind")} options={LINE_KINDS.map((kind) => ({ value: kind, label: t(`lineKind.${kind}`) }))} />
              <TextField field={parts.description} label={t("lines.description")} />
              <TextField field={parts.quantity} type="number" label={t("lines.quantity")} inputProps={{ min: 1, step: 1 }} />
              <TextField field={parts.unitPrice} label={t("lines.unitPrice")} inputProps={{ inputMode: "decimal" }} />
              <div className="sm:pt-7">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("quote.removeLine", { number: index + 1 })}
                  title={t("quote.removeLine", { number: index + 1 })}
                  disabled={lines.length <= 1}
                  {...form.remove.getButtonProps({ name: fields.lines.name, index })}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="outline"
        size="sm"
        {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: { kind: "item", description: "", quantity: "1", unitPrice: "" } })}
      >
        <Plus className="size-4" aria-hidden />
        {t("quote.addLine")}
      </Button>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField field={fields.validUntil} type="date" label={t("quote.validUntil")} />
      </div>
      <TextareaField field={fields.note} label={t("quote.note")} textareaProps={{ rows: 3 }} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="send" value="no" variant="outline">
          {t("quote.saveDraft")}
        </Button>
        <Button type="submit" name="send" value="yes">
          <Send className="size-4" aria-hidden />
          {t("quote.send")}
        </Button>
      </div>
    </Form>
  );
}
