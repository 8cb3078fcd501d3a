import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useFetcher } from "@remix-run/react";
import { Check, Clock, FileCheck, SendHorizontal, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DocumentField, UploadProgress, useUploadWithProgress } from "~/features/service-orders";
import { useFormatter } from "~/lib/format";
import { answerFormSchemaFor, NotApplicableFormSchema, requestUploadPath } from "./answer-schema";
import { ItemStateBadge } from "./state-badges";
import type { RequestItem, RequestListDetail } from "./requests.server";

/**
 * The client's answering view of one request list, on their own page and on the restricted page
 * a one-click link opens. Every item is its own form (a fetcher with JavaScript, so saving one
 * leaves what is typed in the others; a plain POST without), with its state, the firm's note when
 * it was returned, what the client gave, and "I don't have this".
 */
type FileErrorData = Array<{ key: string; name: string; max: number }>;
export type AnswerViewActionData = { itemId?: string; intent?: string; result?: SubmissionResult<string[]>; fileErrors?: FileErrorData };

export function RequestAnswerView({
  list,
  restricted,
  actionData,
}: {
  list: Omit<RequestListDetail, "reminderSchedule"> & { reminderSchedule?: unknown };
  restricted: boolean;
  actionData?: AnswerViewActionData;
}) {
  const { t } = useTranslation("requests");
  const format = useFormatter();
  const open = list.status === "open";
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="space-y-3 pt-6">
          <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <div>
              <dt className="font-semibold">{t("client.dueDate")}</dt>
              <dd className={list.overdue ? "font-medium text-destructive" : undefined}>
                {format.day(list.dueDate)}
                {list.overdue ? ` · ${t("client.overdue")}` : null}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t("client.progressLabel")}</dt>
              <dd data-testid="list-progress">{t("progress", { done: list.doneCount, total: list.itemCount })}</dd>
            </div>
            {list.orderReference ? (
              <div>
                <dt className="font-semibold">{t("client.order")}</dt>
                <dd>{list.orderReference}</dd>
              </div>
            ) : null}
          </dl>
          {list.message ? (
            <p dir="auto" className="whitespace-pre-line text-sm">
              {list.message}
            </p>
          ) : null}
          {list.status !== "open" ? (
            <p role="status" className="rounded-md border bg-muted p-3 text-sm" data-testid="list-status-note">
              {t(`client.statusNote.${list.status}`)}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <ol className="space-y-4">
        {list.items.map((item, index) => (
          <li key={item.id} id={`item-${item.id}`} className="scroll-mt-20">
            <AnswerItem item={item} index={index + 1} listId={list.id} editable={open} restricted={restricted} actionData={actionData} />
          </li>
        ))}
      </ol>

      {open ? <SubmitCard canSubmit={list.canSubmit} /> : null}
    </div>
  );
}

function AnswerItem({
  item,
  index,
  listId,
  editable,
  restricted,
  actionData,
}: {
  item: RequestItem;
  index: number;
  listId: string;
  editable: boolean;
  restricted: boolean;
  actionData?: AnswerViewActionData;
}) {
  const { t } = useTranslation("requests");
  const format = useFormatter();
  const fetcher = useFetcher<AnswerViewActionData>({ key: `request-item-${item.id}` });
  const answered = fetcher.data ?? (actionData?.itemId === item.id ? actionData : undefined);
  const canChange = editable && item.state !== "accepted";
  return (
    <Card data-testid="request-item" data-item-id={item.id}>
      <CardHeader className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="text-base" dir="auto">
            <span className="text-muted-foreground">{index}. </span>
            {item.label}
            {item.required ? null : <span className="ms-2 text-sm font-normal text-muted-foreground">({t("client.optional")})</span>}
          </CardTitle>
          <ItemStateBadge state={item.state} />
        </div>
        {item.hint ? (
          <p dir="auto" className="text-sm text-muted-foreground">
            {item.hint}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {item.state === "returned" && item.staffNote ? (
          <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="returned-note">
            <span className="font-semibold">{t("client.returnedNote")}</span> <span dir="auto">{item.staffNote}</span>
          </p>
        ) : null}
        {item.state === "accepted" && item.staffNote ? (
          <p className="text-sm">
            <span className="font-semibold">{t("client.firmNote")}</span> <span dir="auto">{item.staffNote}</span>
          </p>
        ) : null}
        {item.state === "not_applicable" && item.notApplicableReason ? (
          <p className="text-sm" data-testid="not-applicable-reason">
            <span className="font-semibold">{t("client.notApplicableGiven")}</span> <span dir="auto">{item.notApplicableReason}</span>
          </p>
        ) : null}
        {item.kind !== "document" && item.answer && item.state !== "not_applicable" ? (
          <p className="text-sm" data-testid="given-answer">
            <span className="font-semibold">{t("client.yourAnswer")}</span> <span dir="auto">{shownAnswer(item, t, format.day)}</span>
          </p>
        ) : null}
        {item.files.length > 0 ? (
          <div className="space-y-1">
            <p className="text-sm font-semibold">{t("client.filesSent", { count: item.files.length })}</p>
            <ul className="space-y-1 text-sm" data-testid="item-files">
              {item.files.map((file) => (
                <li key={file.id} className="flex items-center gap-2">
                  <FileCheck className="size-4 text-muted-foreground" aria-hidden />
                  {restricted ? (
                    <span dir="auto">{file.originalName}</span>
                  ) : (
                    <a href={`/resources/files/${file.id}`} className="primary-link" dir="auto">
                      {file.originalName}
                    </a>
                  )}
                  <span className="text-muted-foreground">· {format.date(file.createdAt)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {canChange ? (
          <>
            {item.kind === "document" ? (
              <UploadForm item={item} listId={listId} answered={answered} />
            ) : (
              <QuestionForm item={item} fetcher={fetcher} answered={answered} />
            )}
            <NotApplicableForm item={item} fetcher={fetcher} answered={answered} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

type Fetcher = ReturnType<typeof useFetcher<AnswerViewActionData>>;

function shownAnswer(item: RequestItem, t: (key: string) => string, day: (value: string) => string): string {
  if (!item.answer) return "";
  if (item.kind === "confirmation") return t("client.confirmed");
  if (item.answerType === "yes_no") return t(`answer.${item.answer}`);
  if (item.answerType === "date") return day(item.answer);
  return item.answer;
}

function QuestionForm({ item, fetcher, answered }: { item: RequestItem; fetcher: Fetcher; answered?: AnswerViewActionData }) {
  const { t } = useTranslation("requests");
  const schema = answerFormSchemaFor(item);
  const [form, fields] = useForm({
    id: `answer-${item.id}`,
    lastResult: answered?.intent === "answer" ? answered.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const field = fields.answer;
  const inputId = `answer-${item.id}-input`;
  const described = field.errors ? field.errorId : undefined;
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "answer";
  const value = item.state === "not_applicable" ? "" : (item.answer ?? "");
  let control;
  if (item.kind === "confirmation") {
    control = (
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={field.name} value="yes" defaultChecked={value === "yes"} className="size-4" aria-describedby={described} />
        {t("client.confirmLabel")}
      </label>
    );
  } else if (item.answerType === "yes_no" || item.answerType === "choice") {
    const options = item.answerType === "yes_no" ? ["yes", "no"] : (item.choices ?? []);
    control = (
      <fieldset aria-describedby={described}>
        <legend className="mb-2 text-sm font-semibold">{t("client.yourAnswer")}</legend>
        <div className="flex flex-wrap gap-2">
          {options.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-1.5 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
            >
              <input type="radio" name={field.name} value={option} defaultChecked={value === option} className="size-4" />
              <span dir="auto">{item.answerType === "yes_no" ? t(`answer.${option}`) : option}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  } else {
    const common = {
      id: inputId,
      name: field.name,
      defaultValue: value,
      "aria-describedby": described,
      "aria-invalid": field.errors ? true : undefined,
      dir: "auto",
    };
    control = (
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>{t("client.yourAnswer")}</Label>
        {item.answerType === "long_text" ? (
          <Textarea {...common} rows={4} maxLength={10_000} />
        ) : item.answerType === "date" ? (
          <Input {...common} type="date" className="max-w-xs" />
        ) : item.answerType === "number" ? (
          <Input {...common} type="text" inputMode="decimal" className="max-w-xs" />
        ) : (
          <Input {...common} type="text" maxLength={300} />
        )}
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="space-y-3" {...getFormProps(form)} data-testid="answer-form">
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="itemId" value={item.id} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {control}
      <FieldErrors id={field.errorId} errors={field.errors} />
      <Button type="submit" size="sm" disabled={busy}>
        <Check aria-hidden />
        {item.kind === "confirmation" ? t("client.confirm") : t("client.saveAnswer")}
      </Button>
    </fetcher.Form>
  );
}

function UploadForm({ item, listId, answered }: { item: RequestItem; listId: string; answered?: AnswerViewActionData }) {
  const { t } = useTranslation("requests");
  const upload = useUploadWithProgress<SubmissionResult<string[]>>(requestUploadPath(listId));
  const errors = upload.answer?.fileErrors ?? (answered?.intent === "upload" ? answered.fileErrors : undefined);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-3"
      data-testid="upload-form"
      preventScrollReset
      onSubmit={(event) => {
        const formElement = event.currentTarget;
        if (upload.send(formElement, new FormData(formElement))) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="itemId" value={item.id} />
      <DocumentField name="files" id={`files-${item.id}`} label={item.files.length > 0 ? t("client.addMoreFiles") : t("client.chooseFiles")} errors={errors} />
      <UploadProgress progress={upload.progress} failed={upload.failed} />
      <Button type="submit" size="sm" disabled={upload.progress !== null}>
        <Upload aria-hidden />
        {t("client.upload")}
      </Button>
    </Form>
  );
}

function NotApplicableForm({ item, fetcher, answered }: { item: RequestItem; fetcher: Fetcher; answered?: AnswerViewActionData }) {
  const { t } = useTranslation("requests");
  const failed = answered?.intent === "not-applicable" ? answered.result : undefined;
  const [form, fields] = useForm({
    id: `not-applicable-${item.id}`,
    lastResult: failed,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NotApplicableFormSchema }),
  });
  const reasonId = `not-applicable-${item.id}-reason`;
  return (
    <details className="group rounded-md border p-3" open={Boolean(failed)} data-testid="not-applicable">
      <summary className="cursor-pointer text-sm font-medium">{t("client.dontHave")}</summary>
      <fetcher.Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="not-applicable" />
        <input type="hidden" name="itemId" value={item.id} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={reasonId}>{t("client.dontHaveReason")}</Label>
          <Textarea
            id={reasonId}
            name={fields.reason.name}
            rows={2}
            maxLength={1000}
            dir="auto"
            defaultValue={item.notApplicableReason ?? ""}
            aria-invalid={fields.reason.errors ? true : undefined}
            aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}
          />
          <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
          {t("client.dontHaveSend")}
        </Button>
      </fetcher.Form>
    </details>
  );
}

function SubmitCard({ canSubmit }: { canSubmit: boolean }) {
  const { t } = useTranslation("requests");
  const fetcher = useFetcher<AnswerViewActionData>({ key: "request-submit" });
  return (
    <Card data-testid="submit-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SendHorizontal className="size-5 text-primary" aria-hidden />
          {t("client.submitTitle")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">{canSubmit ? t("client.submitReady") : t("client.submitBlocked")}</p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="submit" />
          <Button type="submit" disabled={!canSubmit || fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? <Clock aria-hidden /> : <SendHorizontal aria-hidden />}
            {t("client.submit")}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
