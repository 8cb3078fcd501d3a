import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { PAYMENT_METHODS, PaymentFormSchema, RefundFormSchema } from "./forms";

/** "Record payment": amount, method (cash, check, Zelle, card terminal, other), reference, date. */
export function RecordPaymentForm({ lastResult, today, defaultAmount }: { lastResult?: SubmissionResult<string[]>; today: string; defaultAmount: string }) {
  const { t } = useTranslation("billing");
  const [form, fields] = useZodForm(PaymentFormSchema, {
    id: "record-payment",
    lastResult,
    defaultValue: { amount: defaultAmount, method: "cash", reference: "", receivedOn: today },
  });
  return (
    <Form method="post" className="grid gap-3" {...getFormProps(form)} data-testid="record-payment">
      <input type="hidden" name="intent" value="payment" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.amount} label={t("payment.amount")} hint={t("payment.amountHint")} inputProps={{ inputMode: "decimal" }} />
      <SelectField field={fields.method} label={t("payment.method")} options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`method.${method}`) }))} />
      <TextField field={fields.reference} label={t("payment.reference")} hint={t("payment.referenceHint")} />
      <TextField field={fields.receivedOn} type="date" label={t("payment.date")} />
      <div>
        <Button type="submit">{t("payment.submit")}</Button>
      </div>
    </Form>
  );
}

/** "Record refund": money given back (at most what was paid; the rule module checks it). */
export function RecordRefundForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("billing");
  const [form, fields] = useZodForm(RefundFormSchema, { id: "record-refund", lastResult, defaultValue: { amount: "", reason: "" } });
  return (
    <Form method="post" className="grid gap-3" {...getFormProps(form)} data-testid="record-refund">
      <input type="hidden" name="intent" value="refund" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.amount} label={t("refund.amount")} inputProps={{ inputMode: "decimal" }} />
      <TextareaField field={fields.reason} label={t("refund.reason")} textareaProps={{ rows: 2 }} />
      <div>
        <Button type="submit" variant="outline">
          {t("refund.submit")}
        </Button>
      </div>
    </Form>
  );
}
