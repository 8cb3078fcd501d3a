import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { PaymentFormSchema } from "~/features/billing/billing.schema";
import { MANUAL_PAYMENT_METHODS } from "~/features/billing/status";

/**
 * "Record payment" (kind payment) and "Record refund" (kind refund) on an invoice's page:
 * amount, method (cash, check, Zelle, card terminal, other), reference, date, note.
 */
export function RecordPaymentForm({
  kind,
  lastResult,
  today,
  defaultAmount,
}: {
  kind: "payment" | "refund";
  lastResult?: SubmissionResult<string[]>;
  today: string;
  defaultAmount: string;
}) {
  const { t } = useTranslation("billing");
  const ns = kind === "payment" ? "payment" : "refund";
  const [form, fields] = useZodForm(PaymentFormSchema, {
    id: `record-${kind}`,
    lastResult,
    defaultValue: { kind, amount: defaultAmount, method: "cash", reference: "", receivedOn: today, note: "" },
  });
  return (
    <Form method="post" className="grid gap-3" {...getFormProps(form)} data-testid={`record-${kind}`}>
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="kind" value={kind} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.amount} label={t(`${ns}.amount`)} hint={t("payment.amountHint")} inputProps={{ inputMode: "decimal" }} />
      <SelectField
        field={fields.method}
        label={t("payment.method")}
        options={MANUAL_PAYMENT_METHODS.map((method) => ({ value: method, label: t(`method.${method}`) }))}
      />
      <TextField field={fields.reference} label={t("payment.reference")} hint={kind === "payment" ? t("payment.referenceHint") : undefined} />
      <TextField field={fields.receivedOn} type="date" label={t("payment.date")} />
      <TextareaField field={fields.note} label={kind === "payment" ? t("payment.note") : t("refund.reason")} textareaProps={{ rows: 2 }} />
      <div>
        <Button type="submit" variant={kind === "payment" ? "default" : "outline"}>
          {t(`${ns}.submit`)}
        </Button>
      </div>
    </Form>
  );
}
