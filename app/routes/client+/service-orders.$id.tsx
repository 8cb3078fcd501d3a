import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { AddDocumentsForm, useUploadWithProgress } from "~/features/service-orders/document-field";
import { DomainError } from "~/features/service-orders/errors.server";
import { formatDate, formatDay, formatMoney } from "~/features/service-orders/format";
import { AttachmentsCard, StatusTimeline } from "~/features/service-orders/order-parts";
import { OrderCancelFormSchema } from "~/features/service-orders/service-orders.schema";
import { addOrderDocuments, changeOrderStatus, getOrder } from "~/features/service-orders/service-orders.server";
import { CLIENT_CANCELLABLE_ORDER_STATUSES, OPEN_ORDER_STATUSES } from "~/features/service-orders/status";
import { OrderStatusBadge } from "~/features/service-orders/status-badge";
import { readUploadForm, respondToDocumentUpload, type FileError } from "~/features/service-orders/uploads.server";
import { requireFeature } from "~/features/auth/guards.server";
import { invariantResponse } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  try {
    // Read as a client: the page shows only the reader's own order, without internal notes.
    const order = await getOrder({ id: user.id, role: "client" }, params.id!, await getLanguage(request));
    return json({ order });
  } catch (error) {
    invariantResponse(!(error instanceof DomainError), "Not Found", { status: 404 });
    throw error;
  }
}

type ActionData = { result?: SubmissionResult<string[]>; fileErrors?: FileError[] };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const actor = { id: user.id, role: "client" };
  const id = params.id!;
  const back = `/client/service-orders/${id}`;
  const { fields, uploads, fileErrors } = await readUploadForm(request, user.id);
  try {
    if (fields.get("intent") === "cancel") {
      const submission = parseWithZod(fields, { schema: OrderCancelFormSchema });
      if (submission.status !== "success") return json<ActionData>({ result: submission.reply() }, { status: 400 });
      await changeOrderStatus(actor, id, "cancelled", submission.value.note);
      return redirectWithToast(back, { type: "success", message: "orders:detail.cancelled" });
    }
    return await respondToDocumentUpload(request, (files) => addOrderDocuments(actor, id, files), { uploads, fileErrors }, back);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    invariantResponse(error.status !== 404, "Not Found", { status: 404 });
    return redirectWithToast(back, { type: "error", message: error.key });
  }
}

export default function ClientServiceOrder() {
  const { order } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation("orders");
  const navigation = useNavigation();
  const upload = useUploadWithProgress<SubmissionResult<string[]>>();
  const fileErrors = upload.answer?.fileErrors ?? actionData?.fileErrors;
  const [cancelForm, cancelFields] = useZodForm(OrderCancelFormSchema, {
    id: "cancel-order",
    lastResult: actionData?.result,
  });
  const open = OPEN_ORDER_STATUSES.includes(order.status);
  const cancellable = CLIENT_CANCELLABLE_ORDER_STATUSES.includes(order.status);

  return (
    <div className="space-y-6">
      <Link to="/client/service-orders" className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t("detail.back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{order.serviceTitle}</h1>
          <p className="text-sm text-muted-foreground">{t("list.referenceOn", { reference: order.reference, date: formatDate(order.createdAt, i18n.language) })}</p>
        </div>
        <OrderStatusBadge status={order.status} className="text-sm" />
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.details")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <p className="whitespace-pre-line">{order.details}</p>
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="font-semibold">{t("detail.price")}</dt>
                  <dd>{order.priceCents !== null ? formatMoney(order.priceCents, i18n.language) : t("detail.noPrice")}</dd>
                </div>
                {order.dueDate ? (
                  <div>
                    <dt className="font-semibold">{t("detail.dueDate")}</dt>
                    <dd>{formatDay(order.dueDate, i18n.language)}</dd>
                  </div>
                ) : null}
                {order.quoteNote ? (
                  <div className="sm:col-span-2">
                    <dt className="font-semibold">{t("detail.quote")}</dt>
                    <dd className="whitespace-pre-line">{order.quoteNote}</dd>
                  </div>
                ) : null}
              </dl>
            </CardContent>
          </Card>

          <AttachmentsCard title={t("detail.attachments")} files={order.files}>
            {open ? (
              <AddDocumentsForm id="more-documents" upload={upload} errors={fileErrors} disabled={navigation.state === "submitting"} />
            ) : null}
          </AttachmentsCard>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.timeline")}</CardTitle>
            </CardHeader>
            <CardContent>
              <StatusTimeline history={order.history} />
            </CardContent>
          </Card>
          {cancellable ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("detail.cancelTitle")}</CardTitle>
              </CardHeader>
              <CardContent>
                <details>
                  <summary className="cursor-pointer text-sm font-semibold text-destructive">{t("detail.cancelOpen")}</summary>
                  <Form method="post" className="mt-3 space-y-3" {...getFormProps(cancelForm)}>
                    <FormErrors id={cancelForm.errorId} errors={cancelForm.errors} />
                    <input type="hidden" name="intent" value="cancel" />
                    <TextareaField field={cancelFields.note} label={t("detail.cancelNote")} textareaProps={{ rows: 3 }} />
                    <Button type="submit" variant="destructive">
                      {t("detail.cancelConfirm")}
                    </Button>
                  </Form>
                </details>
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.order.reference} · ${data.order.serviceTitle}` : "" }];

export const ErrorBoundary = GeneralErrorBoundary;
