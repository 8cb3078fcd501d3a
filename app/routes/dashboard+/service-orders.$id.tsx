import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Lock, MessagesSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { messagePaths } from "~/features/messages";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { peopleOptions } from "~/components/select-options";
import { requireAdmin } from "~/core/identity/guards.server";
import { StaffOrderBilling } from "~/features/billing";
import { loadOrderBilling, staffOrderBillingAction } from "~/features/billing/index.server";
import {
  AddDocumentsForm,
  useUploadWithProgress,
  type FileError,
  AttachmentsCard,
  StatusTimeline,
  OrderNoteFormSchema,
  OrderStaffFormSchema,
  OrderStatusFormSchema,
  ORDER_TRANSITIONS,
  overdueLabel,
  OrderStatusBadge,
  OverdueFlag,
} from "~/features/service-orders";
import {
  readUploadForm,
  respondToDocumentUpload,
  addOrderNote,
  changeOrderStatus,
  getOrder,
  listAssignees,
  updateOrder,
} from "~/features/service-orders/index.server";
import { RequestsSection } from "~/features/requests";
import { listsOfOrder } from "~/features/requests/index.server";
import { LinkedTasks } from "~/features/tasks";
import { OrderTranslationFiles, SendToDesk, SendToDeskFormSchema } from "~/features/translations";
import { getTranslationSettings, isDeskUser, listOrderTranslationFiles, sendOrderDocumentToDesk } from "~/features/translations/index.server";
import { loadLinkedTasks } from "~/features/tasks/index.server";
import { useFormatter } from "~/lib/format";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const language = await getLanguage(request);
  const order = await loadOrNotFound(getOrder(user, params.id!, language));
  const t = await getFixedT(language, "orders");
  const desk = isDeskUser(user) ? await loadOrderDesk(user, order.id) : null;
  return json({
    order,
    desk,
    assignees: await listAssignees(),
    tasks: await loadLinkedTasks(user, { orderId: order.id }),
    requests: { lists: await listsOfOrder(user, order.id), newHref: `/dashboard/requests/new?orderId=${order.id}` },
    billing: await loadOrderBilling(user, order),
    title: t("admin.orderTitle", { reference: order.reference }),
  });
}

/** The order's desk files, and the languages "Send to the translation desk" offers: its latest file's, else the desk's defaults. */
async function loadOrderDesk(user: Parameters<typeof listOrderTranslationFiles>[0], orderId: string) {
  const files = await listOrderTranslationFiles(user, orderId);
  const settings = await getTranslationSettings();
  const latest = files[0];
  const defaults = latest
    ? { sourceLanguage: latest.sourceLanguage, targetLanguage: latest.targetLanguage }
    : { sourceLanguage: settings.defaultSourceLanguage, targetLanguage: settings.defaultTargetLanguage };
  return { files, defaults };
}

type ActionData = { intent: string; result?: SubmissionResult<string[]>; fileErrors?: FileError[] };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const id = params.id!;
  const back = `/dashboard/service-orders/${id}`;
  try {
    const { fields, uploads, fileErrors } = await readUploadForm(request, user.id);
    const intent = fields.get("intent") ?? "upload";
    const billing = await staffOrderBillingAction(request, { ...user, ip: clientIp(request) }, id, intent, fields, await getLanguage(request));
    if (billing) return billing;
    switch (intent) {
      case "update": {
        const submission = parseWithZod(fields, { schema: OrderStaffFormSchema });
        if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
        const value = submission.value;
        try {
          await updateOrder(user, id, {
            priceCents: value.price ?? null,
            quoteNote: value.quoteNote ?? null,
            dueDate: value.dueDate ?? null,
            assigneeId: value.assigneeId || null,
          });
        } catch (error) {
          return await refusal(request, error, submission, { intent });
        }
        return redirectWithToast(back, { type: "success", message: "orders:admin.saved" });
      }
      case "status": {
        const submission = parseWithZod(fields, { schema: OrderStatusFormSchema });
        if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
        try {
          await changeOrderStatus({ ...user, ip: clientIp(request) }, id, submission.value.status, submission.value.note);
        } catch (error) {
          return await refusal(request, error, submission, { intent });
        }
        return redirectWithToast(back, { type: "success", message: "orders:admin.statusChanged", params: { status: submission.value.status } });
      }
      case "toDesk": {
        const submission = parseWithZod(fields, { schema: SendToDeskFormSchema });
        if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
        let created: boolean;
        try {
          ({ created } = await sendOrderDocumentToDesk(user, { orderId: id, ...submission.value }, { ip: clientIp(request) }));
        } catch (error) {
          return await refusal(request, error, submission, { intent });
        }
        return redirectWithToast(back, { type: "success", message: created ? "translations:orderDesk.sent" : "translations:orderDesk.alreadySent" });
      }
      case "note": {
        const submission = parseWithZod(fields, { schema: OrderNoteFormSchema });
        if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
        await addOrderNote(user, id, submission.value.body);
        return redirectWithToast(back, { type: "success", message: "orders:admin.noteAdded" });
      }
      default:
        return await respondToDocumentUpload(request, user, id, { uploads, fileErrors }, back, { intent: "upload" });
    }
  } catch (error) {
    return refusal(request, error);
  }
}

export default function DashboardServiceOrder() {
  const { order, desk, assignees, tasks, requests, billing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("orders");
  const { t: tMessages } = useTranslation("messages");
  const format = useFormatter();
  const upload = useUploadWithProgress<SubmissionResult<string[]>>(`/resources/uploads/dashboard/service-orders/${order.id}`);
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const transitions = ORDER_TRANSITIONS[order.status];

  const [updateForm, updateFields] = useZodForm(OrderStaffFormSchema, {
    id: "order-update",
    lastResult: resultFor("update"),
    defaultValue: {
      price: order.priceCents !== null ? (order.priceCents / 100).toFixed(2) : "",
      quoteNote: order.quoteNote ?? "",
      dueDate: order.dueDate ?? "",
      assigneeId: order.assigneeId ?? "",
    },
  });
  const [statusForm, statusFields] = useZodForm(OrderStatusFormSchema, {
    id: "order-status",
    lastResult: resultFor("status"),
    defaultValue: { status: transitions[0] ?? "" },
  });
  const [noteForm, noteFields] = useZodForm(OrderNoteFormSchema, {
    id: "order-note",
    lastResult: resultFor("note"),
  });

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/dashboard/service-orders", label: t("admin.back") }}
        title={t("admin.orderTitle", { reference: order.reference })}
        description={
          <>
            {order.serviceTitle} · {order.clientName} ({order.clientEmail}) · <time dateTime={order.createdAt}>{format.date(order.createdAt)}</time>
          </>
        }
        badge={
          <>
            {order.overdue ? <OverdueFlag label={overdueLabel(t, order.dueDate)} className="text-sm" /> : null}
            <OrderStatusBadge status={order.status} className="text-sm" />
          </>
        }
        actions={
          // The order's conversation opens if it exists; otherwise the first message starts it.
          <Link to={messagePaths.staffNew(order.clientId, order.id)} className={buttonVariants({ variant: "outline" })} data-testid="order-messages">
            <MessagesSquare aria-hidden />
            {tMessages("links.orderThread")}
          </Link>
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.details")}</CardTitle>
            </CardHeader>
            <CardContent>
              <p dir="auto" className="whitespace-pre-line">
                {order.details}
              </p>
            </CardContent>
          </Card>

          {desk ? <OrderTranslationFiles files={desk.files} staff /> : null}

          <AttachmentsCard
            title={t("detail.attachments")}
            files={order.files}
            fileActions={
              desk
                ? (file) => (
                    <SendToDesk
                      documentId={file.id}
                      deskFile={desk.files.find((deskFile) => deskFile.documentSha256 === file.sha256) ?? null}
                      defaults={desk.defaults}
                      lastResult={actionData?.intent === "toDesk" && actionData.result?.initialValue?.documentId === file.id ? actionData.result : undefined}
                    />
                  )
                : undefined
            }
          >
            <AddDocumentsForm
              id="staff-documents"
              upload={upload}
              errors={upload.answer?.fileErrors ?? (actionData?.intent === "upload" ? actionData.fileErrors : undefined)}
            />
          </AttachmentsCard>

          <Card>
            <CardHeader>
              <CardTitle>{t("admin.pricing")}</CardTitle>
            </CardHeader>
            <CardContent>
              <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(updateForm)}>
                <input type="hidden" name="intent" value="update" />
                <FormErrors id={updateForm.errorId} errors={updateForm.errors} />
                <TextField field={updateFields.price} label={t("admin.price")} hint={t("admin.priceHint")} inputProps={{ inputMode: "decimal" }} />
                <TextField field={updateFields.dueDate} type="date" label={t("admin.dueDate")} />
                <TextareaField field={updateFields.quoteNote} label={t("admin.quoteNote")} className="sm:col-span-2" textareaProps={{ rows: 3 }} />
                <SelectField
                  field={updateFields.assigneeId}
                  label={t("admin.assignee")}
                  placeholder={t("admin.unassigned")}
                  options={peopleOptions(assignees)}
                />
                <div className="flex items-end">
                  <Button type="submit">{t("admin.save")}</Button>
                </div>
              </Form>
            </CardContent>
          </Card>

          <StaffOrderBilling billing={billing} quoteResult={resultFor("quote")} />

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Lock className="size-4" aria-hidden />
                {t("admin.internalNotes")}
              </CardTitle>
              <p className="text-sm text-muted-foreground">{t("admin.internalNotesHint")}</p>
            </CardHeader>
            <CardContent className="space-y-4">
              <Form method="post" className="space-y-3" {...getFormProps(noteForm)}>
                <input type="hidden" name="intent" value="note" />
                <TextareaField field={noteFields.body} label={t("admin.newNote")} textareaProps={{ rows: 3 }} />
                <Button type="submit" variant="outline">
                  {t("admin.addNote")}
                </Button>
              </Form>
              {order.notes.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("admin.noNotes")}</p>
              ) : (
                <ul className="space-y-3">
                  {order.notes.map((note) => (
                    <li key={note.id} className="rounded-md border bg-muted/50 p-3 text-sm">
                      <p dir="auto" className="whitespace-pre-line">
                        {note.body}
                      </p>
                      <p className="mt-1 text-xs text-muted-foreground">
                        {note.authorName ?? "—"} · <time dateTime={note.createdAt}>{format.dateTime(note.createdAt)}</time>
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          <RequestsSection data={requests} />
          <LinkedTasks data={tasks} />
          <Card>
            <CardHeader>
              <CardTitle>{t("admin.changeStatus")}</CardTitle>
            </CardHeader>
            <CardContent>
              {transitions.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("admin.noTransitions")}</p>
              ) : (
                <Form method="post" className="space-y-3" {...getFormProps(statusForm)}>
                  <input type="hidden" name="intent" value="status" />
                  <FormErrors id={statusForm.errorId} errors={statusForm.errors} />
                  <SelectField
                    field={statusFields.status}
                    label={t("admin.newStatus")}
                    options={transitions.map((status) => ({ value: status, label: t(`status.${status}`) }))}
                  />
                  <TextareaField field={statusFields.note} label={t("admin.statusNote")} hint={t("admin.statusNoteHint")} textareaProps={{ rows: 3 }} />
                  <Button type="submit">{t("admin.applyStatus")}</Button>
                </Form>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.timeline")}</CardTitle>
            </CardHeader>
            <CardContent>
              <StatusTimeline history={order.history} showAuthor />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

export const handle = { i18n: ["orders", "tasks", "billing", "translations", "requests", "messages"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
