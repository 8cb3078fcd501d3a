import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { AddDocumentsForm, useUploadWithProgress } from "~/features/service-orders/document-field";
import { DomainError } from "~/features/service-orders/errors.server";
import { formatDate } from "~/features/service-orders/format";
import { AttachmentsCard, StatusTimeline } from "~/features/service-orders/order-parts";
import { OrderNoteFormSchema, OrderStaffFormSchema, OrderStatusFormSchema } from "~/features/service-orders/service-orders.schema";
import { addOrderDocuments, addOrderNote, changeOrderStatus, getOrder, listAssignees, updateOrder } from "~/features/service-orders/service-orders.server";
import { ORDER_TRANSITIONS } from "~/features/service-orders/status";
import { OrderStatusBadge, OverdueFlag } from "~/features/service-orders/status-badge";
import { readUploadForm, respondToDocumentUpload, type FileError } from "~/features/service-orders/uploads.server";
import { requireAdmin } from "~/features/auth/guards.server";
import { invariantResponse } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  try {
    const order = await getOrder(user, params.id!, await getLanguage(request));
    return json({ order, assignees: await listAssignees() });
  } catch (error) {
    invariantResponse(!(error instanceof DomainError), "Not Found", { status: 404 });
    throw error;
  }
}

type ActionData = { intent: string; result?: SubmissionResult<string[]>; fileErrors?: FileError[] };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const id = params.id!;
  const back = `/dashboard/service-orders/${id}`;
  const { fields, uploads, fileErrors } = await readUploadForm(request, user.id);
  const intent = fields.get("intent") ?? "upload";
  const invalid = (result: SubmissionResult<string[]>) => json<ActionData>({ intent, result }, { status: 400 });
  try {
    switch (intent) {
      case "update": {
        const submission = parseWithZod(fields, { schema: OrderStaffFormSchema });
        if (submission.status !== "success") return invalid(submission.reply());
        const value = submission.value;
        await updateOrder(user, id, { priceCents: value.price ?? null, quoteNote: value.quoteNote ?? null, dueDate: value.dueDate ?? null, assigneeId: value.assigneeId || null });
        return redirectWithToast(back, { type: "success", message: "orders:admin.saved" });
      }
      case "status": {
        const submission = parseWithZod(fields, { schema: OrderStatusFormSchema });
        if (submission.status !== "success") return invalid(submission.reply());
        await changeOrderStatus(user, id, submission.value.status, submission.value.note);
        return redirectWithToast(back, { type: "success", message: "orders:admin.statusChanged", params: { status: submission.value.status } });
      }
      case "note": {
        const submission = parseWithZod(fields, { schema: OrderNoteFormSchema });
        if (submission.status !== "success") return invalid(submission.reply());
        await addOrderNote(user, id, submission.value.body);
        return redirectWithToast(back, { type: "success", message: "orders:admin.noteAdded" });
      }
      default:
        return await respondToDocumentUpload(request, (files) => addOrderDocuments(user, id, files), { uploads, fileErrors }, back, { intent: "upload" });
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    invariantResponse(error.status !== 404, "Not Found", { status: 404 });
    return redirectWithToast(back, { type: "error", message: error.key });
  }
}

export default function DashboardServiceOrder() {
  const { order, assignees } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation("orders");
  const upload = useUploadWithProgress<SubmissionResult<string[]>>();
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
      <Link to="/dashboard/service-orders" className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t("admin.back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("admin.orderTitle", { reference: order.reference })}</h1>
          <p className="text-sm text-muted-foreground">
            {order.serviceTitle} · {order.clientName} ({order.clientEmail}) · {formatDate(order.createdAt, i18n.language)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {order.overdue ? <OverdueFlag className="text-sm" /> : null}
          <OrderStatusBadge status={order.status} className="text-sm" />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.details")}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line">{order.details}</p>
            </CardContent>
          </Card>

          <AttachmentsCard title={t("detail.attachments")} files={order.files}>
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
                  options={assignees.map((assignee) => ({ value: assignee.id, label: assignee.fullName }))}
                />
                <div className="flex items-end">
                  <Button type="submit">{t("admin.save")}</Button>
                </div>
              </Form>
            </CardContent>
          </Card>

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
                      <p className="whitespace-pre-line">{note.body}</p>
                      <p className="mt-1 text-xs text-muted-foreground">
                        {note.authorName ?? "—"} · {formatDate(note.createdAt, i18n.language, true)}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
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
                  <SelectField field={statusFields.status} label={t("admin.newStatus")} options={transitions.map((status) => ({ value: status, label: t(`status.${status}`) }))} />
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.order.reference ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
