import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Check, CornerUpLeft, Download, MailPlus, Pencil, Plus, Trash2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { peopleOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireBackOffice } from "~/core/identity/guards.server";
import {
  ACTIVE_LIST_STATUSES,
  CancelListSchema,
  canMoveItem,
  EMPTY_ITEM,
  ItemChangeFormSchema,
  ItemFields,
  type ItemFieldMetadata,
  itemFormValue,
  ItemStateBadge,
  ListSettingsFormSchema,
  ReminderFields,
  reminderDays,
  reminderFormValue,
  reminderScheduleOf,
  RequestDue,
  RequestProgress,
  ListStatusBadge,
  ReviewFormSchema,
} from "~/features/requests";
import {
  acceptItem,
  addItem,
  cancelList,
  getListForStaff,
  historyOfList,
  remindersOfList,
  removeItem,
  requestAssignees,
  resendRequestLink,
  returnItem,
  updateItem,
  updateList,
  type RequestItem,
} from "~/features/requests/index.server";
import { isAdminRole } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { clientIp, invariantResponse, loadOrNotFound, refusal } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * One request list for staff: each item with what the client gave (answers, files, "I don't
 * have this"), accepted or returned with a note; while the list is open or waiting for review,
 * its items are added, changed and removed, its due date, assignee and reminders changed, and it
 * may be cancelled. The reminders sent and the list's history close the page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const list = await loadOrNotFound(getListForStaff(user, params.id!));
  return json({
    list,
    reminders: await remindersOfList(user, list.id),
    history: await historyOfList(user, list.id),
    assignees: await requestAssignees(user),
    canOpenOrders: isAdminRole(user.role),
    title: list.title,
  });
}

type ActionData = { intent: string; itemId?: string; result?: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const actor = { ...user, ip: clientIp(request) };
  const id = params.id!;
  const back = `/dashboard/requests/${id}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const itemId = String(form.get("itemId") ?? "") || undefined;
  const invalid = (result: SubmissionResult<string[]>, status = 400) => json<ActionData>({ intent, itemId, result }, { status });
  switch (intent) {
    case "settings": {
      const submission = parseWithZod(form, { schema: ListSettingsFormSchema });
      if (submission.status !== "success") return invalid(submission.reply());
      const value = submission.value;
      try {
        await updateList(actor, id, {
          title: value.title,
          message: value.message ?? "",
          dueDate: value.dueDate,
          assigneeId: value.assigneeId || null,
          ...reminderScheduleOf(value),
        });
      } catch (error) {
        return refusal(request, error, submission, { intent });
      }
      return redirectWithToast(back, { type: "success", message: "requests:staff.detail.saved" });
    }
    case "addItem":
    case "editItem": {
      const submission = parseWithZod(form, { schema: ItemChangeFormSchema });
      if (submission.status !== "success") return invalid(submission.reply(), submission.status === "error" ? 400 : 200);
      try {
        if (intent === "addItem") await addItem(actor, id, submission.value.item);
        else await updateItem(actor, submission.value.itemId ?? "", submission.value.item);
      } catch (error) {
        return refusal(request, error, submission, { intent, itemId });
      }
      return redirectWithToast(back, {
        type: "success",
        message: intent === "addItem" ? "requests:staff.detail.itemAdded" : "requests:staff.detail.itemSaved",
      });
    }
    case "removeItem": {
      try {
        await removeItem(actor, itemId ?? "");
      } catch (error) {
        return refusal(request, error);
      }
      return redirectWithToast(back, { type: "success", message: "requests:staff.detail.itemRemoved" });
    }
    case "accept":
    case "return": {
      const submission = parseWithZod(form, { schema: ReviewFormSchema });
      if (submission.status !== "success") return invalid(submission.reply());
      const { itemId: reviewed, note } = submission.value;
      try {
        if (intent === "accept") {
          const { listComplete } = await acceptItem(actor, reviewed, note ?? null);
          return redirectWithToast(back, { type: "success", message: listComplete ? "requests:staff.detail.completed" : "requests:staff.detail.accepted" });
        }
        await returnItem(actor, reviewed, note ?? "");
      } catch (error) {
        return refusal(request, error, submission, { intent, itemId });
      }
      return redirectWithToast(back, { type: "success", message: "requests:staff.detail.returned" });
    }
    case "resend": {
      try {
        await resendRequestLink(actor, id);
      } catch (error) {
        return refusal(request, error);
      }
      return redirectWithToast(back, { type: "success", message: "requests:staff.detail.linkResent" });
    }
    case "cancel": {
      const submission = parseWithZod(form, { schema: CancelListSchema });
      if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: "requests:errors.reasonTooLong" });
      try {
        await cancelList(actor, id, submission.value.reason ?? null);
      } catch (error) {
        return refusal(request, error);
      }
      return redirectWithToast(back, { type: "success", message: "requests:staff.detail.cancelled" });
    }
  }
  invariantResponse(false, "Bad Request", { status: 400 });
}

export default function DashboardRequest() {
  const { list, reminders, history, assignees, canOpenOrders } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("requests");
  const format = useFormatter();
  const active = ACTIVE_LIST_STATUSES.includes(list.status);
  const resultFor = (intent: string, itemId?: string) => (actionData?.intent === intent && actionData.itemId === itemId ? actionData.result : undefined);
  const schedule = reminderDays(list.dueDate, list.reminderSchedule);

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/dashboard/requests", label: t("staff.list.title") }}
        title={<span dir="auto">{list.title}</span>}
        badge={<ListStatusBadge status={list.status} className="text-sm" />}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span dir="auto">{list.clientName ?? "—"}</span>
            {list.serviceOrderId && list.orderReference ? (
              canOpenOrders ? (
                <Link to={`/dashboard/service-orders/${list.serviceOrderId}`} className="primary-link">
                  {list.orderReference}
                </Link>
              ) : (
                <span>{list.orderReference}</span>
              )
            ) : null}
            <span className="inline-flex items-center gap-1">
              {t("staff.fields.dueDate")}: <RequestDue dueDate={list.dueDate} overdue={list.overdue} />
            </span>
            <RequestProgress done={list.doneCount} total={list.itemCount} />
          </span>
        }
        actions={
          active ? (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <Button type="submit" variant="outline" size="sm" title={t("staff.detail.resendHint")} data-testid="resend-link">
                  <MailPlus className="size-4" aria-hidden />
                  {t("staff.detail.resend")}
                </Button>
              </Form>
              <ConfirmAction
                label={t("staff.detail.cancel")}
                title={t("staff.detail.cancelTitle")}
                description={t("staff.detail.cancelBody")}
                confirmLabel={t("staff.detail.cancelConfirm")}
                fields={{ intent: "cancel" }}
                reason={{ label: t("staff.detail.cancelReason"), maxLength: 1000 }}
                triggerVariant="destructive"
                icon={<XCircle aria-hidden className="size-4" />}
                testId="cancel-request"
              />
            </>
          ) : null
        }
      />

      {list.status === "cancelled" ? (
        <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="cancelled-note">
          {list.cancelReason ? t("staff.detail.cancelledWithReason", { reason: list.cancelReason }) : t("staff.detail.cancelledNote")}
        </p>
      ) : null}
      {list.status === "complete" ? (
        <p className="rounded-md border border-success/40 bg-success/10 p-3 text-sm" data-testid="complete-note">
          {t("staff.detail.completeNote")}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {list.message ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("staff.fields.message")}</CardTitle>
              </CardHeader>
              <CardContent>
                <p dir="auto" className="whitespace-pre-line text-sm">
                  {list.message}
                </p>
              </CardContent>
            </Card>
          ) : null}

          <section className="space-y-3" aria-labelledby="items-heading">
            <h2 id="items-heading" className="text-lg font-semibold">
              {t("staff.items.heading")}
            </h2>
            <ol className="space-y-3">
              {list.items.map((item, index) => (
                <ItemCard
                  key={item.id}
                  item={item}
                  number={index + 1}
                  active={active}
                  canRemove={list.items.length > 1}
                  reviewResult={resultFor("accept", item.id) ?? resultFor("return", item.id)}
                  editResult={resultFor("editItem", item.id)}
                />
              ))}
            </ol>
            {active ? <AddItem lastResult={resultFor("addItem")} /> : null}
          </section>
        </div>

        <div className="space-y-6">
          {active ? (
            <Settings
              lastResult={resultFor("settings")}
              assignees={assignees}
              defaults={{
                title: list.title,
                message: list.message,
                dueDate: list.dueDate,
                assigneeId: list.assigneeId ?? "",
                ...reminderFormValue(list.remindersEnabled, list.reminderSchedule),
              }}
            />
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>{t("staff.detail.settings")}</CardTitle>
              </CardHeader>
              <CardContent className="text-sm">
                <p>
                  {t("staff.fields.assignee")}: {list.assigneeName ?? t("staff.fields.unassigned")}
                </p>
              </CardContent>
            </Card>
          )}

          <Card data-testid="reminders">
            <CardHeader>
              <CardTitle>{t("staff.detail.reminders")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              {list.remindersEnabled ? (
                <p className="text-muted-foreground">{t("staff.detail.schedule", { days: schedule.map((day) => format.day(day)).join(", ") || "—" })}</p>
              ) : (
                <p className="text-muted-foreground">{t("staff.detail.remindersOff")}</p>
              )}
              {reminders.length === 0 ? (
                <p className="text-muted-foreground">{t("staff.detail.noReminders")}</p>
              ) : (
                <ul className="space-y-1">
                  {reminders.map((reminder) => (
                    <li key={reminder.id}>
                      {t("staff.detail.reminderSent", { number: reminder.number, missing: reminder.missingCount })} ·{" "}
                      <time dateTime={reminder.sentAt}>{format.dateTime(reminder.sentAt)}</time>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <Card data-testid="history">
            <CardHeader>
              <CardTitle>{t("staff.detail.history")}</CardTitle>
            </CardHeader>
            <CardContent>
              {history.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("staff.detail.noHistory")}</p>
              ) : (
                <ol className="space-y-2 border-s ps-4 text-sm">
                  {history.map((entry) => (
                    <li key={entry.id}>
                      <p dir="auto">
                        {t(`staff.history.${entry.action}`, { item: entry.item ?? "", defaultValue: entry.action })}
                        {entry.reason ? ` (${entry.reason})` : ""}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {entry.actorName ?? "—"} · <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

function Answer({ item }: { item: RequestItem }) {
  const { t } = useTranslation("requests");
  const format = useFormatter();
  if (item.answer === null) return null;
  let shown = item.answer;
  if (item.kind === "confirmation" || item.answerType === "yes_no") shown = t(`answer.${item.answer === "yes" ? "yes" : "no"}`);
  else if (item.answerType === "date") shown = format.day(item.answer);
  return (
    <div className="text-sm">
      <span className="font-medium">{t("staff.detail.answer")}: </span>
      <span dir="auto" className="whitespace-pre-line" data-testid="item-answer">
        {shown}
      </span>
    </div>
  );
}

function ItemCard({
  item,
  number,
  active,
  canRemove,
  reviewResult,
  editResult,
}: {
  item: RequestItem;
  number: number;
  active: boolean;
  canRemove: boolean;
  reviewResult?: SubmissionResult<string[]>;
  editResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("requests");
  const format = useFormatter();
  const canAccept = active && canMoveItem(item.state, "accepted", "staff");
  const canReturn = active && canMoveItem(item.state, "returned", "staff");
  return (
    <li className="space-y-3 rounded-lg border p-4" data-testid="request-item" data-item-state={item.state} aria-label={item.label}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <p className="font-medium" dir="auto">
            {number}. {item.label}
          </p>
          <p className="text-xs text-muted-foreground">
            {t(`kind.${item.kind}`)}
            {item.answerType ? ` · ${t(`answerType.${item.answerType}`)}` : ""}
            {" · "}
            {item.required ? t("staff.items.required") : t("staff.items.optional")}
          </p>
          {item.hint ? (
            <p className="text-sm text-muted-foreground" dir="auto">
              {item.hint}
            </p>
          ) : null}
        </div>
        <ItemStateBadge state={item.state} />
      </div>
      <Answer item={item} />
      {item.notApplicableReason ? (
        <p className="text-sm">
          <span className="font-medium">{t("staff.detail.notApplicable")}: </span>
          <span dir="auto">{item.notApplicableReason}</span>
        </p>
      ) : null}
      {item.files.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label={t("staff.detail.files")}>
          {item.files.map((file) => (
            <li key={file.id}>
              <a href={`/resources/files/${file.id}`} className="inline-flex items-center gap-1 primary-link" download>
                <Download className="size-4" aria-hidden />
                <span dir="auto">{file.originalName}</span>
              </a>{" "}
              <span className="text-xs text-muted-foreground">
                {format.bytes(file.sizeBytes)} · <time dateTime={file.createdAt}>{format.dateTime(file.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {item.staffNote ? (
        <p className="rounded-md bg-muted/50 p-2 text-sm">
          <span className="font-medium">{t("staff.detail.yourNote")}: </span>
          <span dir="auto">{item.staffNote}</span>
        </p>
      ) : null}
      {canAccept || canReturn ? <ReviewForm item={item} canAccept={canAccept} canReturn={canReturn} lastResult={reviewResult} /> : null}
      {active ? (
        <div className="flex flex-wrap items-start gap-3">
          <details className="group w-full" open={Boolean(editResult)}>
            <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-sm font-semibold text-primary [&::-webkit-details-marker]:hidden">
              <Pencil className="size-4" aria-hidden />
              {t("staff.detail.editItem")}
            </summary>
            <EditItem item={item} lastResult={editResult} />
          </details>
          {canRemove ? (
            <ConfirmAction
              label={t("staff.detail.removeItem")}
              title={t("staff.detail.removeTitle")}
              description={t("staff.detail.removeBody", { label: item.label })}
              confirmLabel={t("staff.detail.removeItem")}
              fields={{ intent: "removeItem", itemId: item.id }}
              triggerVariant="destructive"
              icon={<Trash2 aria-hidden className="size-4" />}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function ReviewForm({
  item,
  canAccept,
  canReturn,
  lastResult,
}: {
  item: RequestItem;
  canAccept: boolean;
  canReturn: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("requests");
  const [form, fields] = useZodForm(ReviewFormSchema, { id: `review-${item.id}`, lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="space-y-2 rounded-md border bg-muted/30 p-3" {...getFormProps(form)} data-testid="review-form">
      <input type="hidden" name="itemId" value={item.id} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fields.note.id}>{t("staff.detail.note")}</Label>
        <Textarea {...getTextareaProps(fields.note)} rows={2} maxLength={2000} dir="auto" aria-describedby={`${fields.note.id}-hint`} />
        <p id={`${fields.note.id}-hint`} className="text-xs text-muted-foreground">
          {t("staff.detail.noteHint")}
        </p>
        <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <div className="flex flex-wrap gap-2">
        {canAccept ? (
          <Button type="submit" name="intent" value="accept" size="sm">
            <Check className="size-4" aria-hidden />
            {t("staff.detail.accept")}
          </Button>
        ) : null}
        {canReturn ? (
          <Button type="submit" name="intent" value="return" size="sm" variant="outline">
            <CornerUpLeft className="size-4" aria-hidden />
            {t("staff.detail.return")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function EditItem({ item, lastResult }: { item: RequestItem; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("requests");
  const [form, fields] = useZodForm(ItemChangeFormSchema, {
    id: `edit-${item.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { itemId: item.id, item: itemFormValue(item) },
  });
  return (
    <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="editItem" />
      <input {...getInputProps(fields.itemId, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <ItemFields field={fields.item as unknown as ItemFieldMetadata} />
      <Button type="submit" size="sm" variant="outline">
        {t("staff.detail.saveItem")}
      </Button>
    </Form>
  );
}

function AddItem({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("requests");
  const [form, fields] = useZodForm(ItemChangeFormSchema, { id: "add-item", lastResult, shouldValidate: "onSubmit", defaultValue: { item: EMPTY_ITEM } });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("staff.detail.addItem")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-3" {...getFormProps(form)} data-testid="add-item-form">
          <input type="hidden" name="intent" value="addItem" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <ItemFields field={fields.item as unknown as ItemFieldMetadata} />
          <Button type="submit" size="sm">
            <Plus className="size-4" aria-hidden />
            {t("staff.detail.addItem")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function Settings({
  lastResult,
  assignees,
  defaults,
}: {
  lastResult?: SubmissionResult<string[]>;
  assignees: Array<{ id: string; fullName: string }>;
  defaults: Record<string, unknown>;
}) {
  const { t } = useTranslation("requests");
  const [form, fields] = useZodForm(ListSettingsFormSchema, { id: "list-settings", lastResult, shouldValidate: "onSubmit", defaultValue: defaults });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("staff.detail.settings")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-3" {...getFormProps(form)} data-testid="settings-form">
          <input type="hidden" name="intent" value="settings" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.title} label={t("staff.fields.title")} inputProps={{ dir: "auto", maxLength: 200 }} />
          <TextareaField field={fields.message} label={t("staff.fields.message")} textareaProps={{ rows: 3, dir: "auto" }} />
          <TextField field={fields.dueDate} type="date" label={t("staff.fields.dueDate")} />
          <SelectField
            field={fields.assigneeId}
            label={t("staff.fields.assignee")}
            placeholder={t("staff.fields.unassigned")}
            options={peopleOptions(assignees)}
          />
          <ReminderFields fields={fields} />
          <Button type="submit" size="sm">
            {t("staff.detail.saveSettings")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export const handle = { i18n: ["requests"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
