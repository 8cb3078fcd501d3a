import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Lock, SendHorizontal } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DocumentField, UploadProgress, useUploadWithProgress, type FileError } from "~/features/service-orders";
import { cn } from "~/lib/utils";
import { ComposerSchema, MAX_MESSAGE_ATTACHMENTS, MESSAGE_MAX_LENGTH } from "./page-forms";

/** What the page (or the progress-bar upload) answers a refused message with. */
export type ComposerAnswer = { intent?: string; result?: SubmissionResult<string[]>; fileErrors?: FileError[] };

/**
 * The reply box: the text (`dir="auto"`), up to ten attachments, and for staff "internal note". Without
 * JavaScript it is a plain multipart form to the page; with it, a message carrying files is sent with a
 * progress bar to `uploadUrl` (the same step, answered as JSON). A refusal keeps what was typed.
 * The saved-reply picker (staff) sits outside this form (forms do not nest) and inserts through `textareaRef`.
 */
export function MessageComposer({
  id = "composer",
  uploadUrl,
  staff = false,
  answer,
  defaultBody = "",
  textareaRef,
  label,
}: {
  id?: string;
  uploadUrl: string;
  staff?: boolean;
  answer?: ComposerAnswer;
  defaultBody?: string;
  textareaRef?: React.RefObject<HTMLTextAreaElement>;
  label?: string;
}) {
  const { t } = useTranslation("messages");
  const upload = useUploadWithProgress<SubmissionResult<string[]>>(uploadUrl);
  const served = upload.answer ?? (answer?.intent === "post" ? answer : undefined);
  const [internal, setInternal] = useState(false);
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = textareaRef ?? ownRef;
  const [form, fields] = useZodForm(ComposerSchema, {
    id,
    lastResult: served?.result,
    defaultValue: { intent: "post", body: defaultBody },
    shouldValidate: "onSubmit",
    onSubmit(event, { formData }) {
      if (upload.send(event.currentTarget, formData)) event.preventDefault();
    },
  });
  const bodyId = `${id}-body`;
  const busy = upload.progress !== null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className={cn("space-y-3 rounded-lg border p-4", internal ? "border-2 border-dashed border-warning/60 bg-warning/10" : "bg-card")}
      data-testid="composer"
      preventScrollReset
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="post" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={bodyId}>{label ?? (staff ? t("composer.replyLabel") : t("composer.label"))}</Label>
        <Textarea
          {...getTextareaProps(fields.body)}
          id={bodyId}
          ref={ref}
          rows={5}
          dir="auto"
          maxLength={MESSAGE_MAX_LENGTH}
          aria-describedby={fields.body.errors ? fields.body.errorId : undefined}
        />
        <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
      </div>
      <DocumentField name="files" id={`${id}-files`} label={t("composer.attach", { max: MAX_MESSAGE_ATTACHMENTS })} errors={served?.fileErrors} />
      {staff ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="internal" value="true" className="mt-0.5 size-4" onChange={(event) => setInternal(event.currentTarget.checked)} />
          <span>
            <span className="flex items-center gap-1 font-semibold">
              <Lock aria-hidden className="size-3.5" />
              {t("composer.internal")}
            </span>
            <span className="text-muted-foreground">{t("composer.internalHint")}</span>
          </span>
        </label>
      ) : null}
      <UploadProgress progress={upload.progress} failed={upload.failed} />
      <Button type="submit" disabled={busy} variant={internal ? "secondary" : "default"}>
        {internal ? <Lock aria-hidden /> : <SendHorizontal aria-hidden className="rtl:-scale-x-100" />}
        {internal ? t("composer.addNote") : t("composer.send")}
      </Button>
    </Form>
  );
}
