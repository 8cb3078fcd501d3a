import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MessagesSquare, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { messagePaths } from "~/features/messages";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireFeature } from "~/core/identity/guards.server";
import { ClientOrderBilling } from "~/features/billing";
import { clientOrderBillingAction, loadOrderBilling } from "~/features/billing/index.server";
import {
  AddDocumentsForm,
  useUploadWithProgress,
  type FileError,
  AttachmentsCard,
  StatusTimeline,
  OrderCancelFormSchema,
  CLIENT_CANCELLABLE_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  QUOTING_ORDER_STATUSES,
  OrderStatusBadge,
} from "~/features/service-orders";
import { readUploadForm, respondToDocumentUpload, changeOrderStatus, getOrder } from "~/features/service-orders/index.server";
import { ListStatusBadge, requestPaths } from "~/features/requests";
import { listsOfOrder } from "~/features/requests/index.server";
import { OrderTranslationFiles } from "~/features/translations";
import { listClientTranslationFiles } from "~/features/translations/index.server";
import { useFormatter } from "~/lib/format";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  // Read as a client: the page shows only the reader's own order, without internal notes.
  const order = await loadOrNotFound(getOrder({ id: user.id, role: "client" }, params.id!, await getLanguage(request)));
  // The translation files of this order (the client's own only), with their status and, when completed, the translation.
  const translationFiles = await listClientTranslationFiles(user.id, order.id);
  const billing = await loadOrderBilling({ id: user.id, role: "client" }, order);
  const requests = await listsOfOrder({ id: user.id, role: user.role, enabledFeatures: user.enabledFeatures }, order.id);
  return json({ order, translationFiles, billing, requests, title: `${order.serviceTitle} (${order.reference})` });
}

type ActionData = { result?: SubmissionResult<string[]>; fileErrors?: FileError[] };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const actor = { id: user.id, role: "client" };
  const id = params.id!;
  const back = `/client/service-orders/${id}`;
  try {
    const { fields, uploads, fileErrors } = await readUploadForm(request, user.id);
    const billing = await clientOrderBillingAction(request, { ...actor, ip: clientIp(request) }, id, fields.get("intent") ?? "", fields);
    if (billing) return billing;
    if (fields.get("intent") === "cancel") {
      const submission = parseWithZod(fields, { schema: OrderCancelFormSchema });
      if (submission.status !== "success") return json<ActionData>({ result: submission.reply() }, { status: 400 });
      await changeOrderStatus({ ...actor, ip: clientIp(request) }, id, "cancelled", submission.value.note);
      return redirectWithToast(back, { type: "success", message: "orders:detail.cancelled" });
    }
    return await respondToDocumentUpload(request, actor, id, { uploads, fileErrors }, back);
  } catch (error) {
    return refusal(request, error);
  }
}

export default function ClientServiceOrder() {
  const { order, translationFiles, billing, requests } = useLoaderData<typeof loader>();
  const { t: tr } = useTranslation("requests");
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("orders");
  const { t: tMessages } = useTranslation("messages");
  const format = useFormatter();
  const navigation = useNavigation();
  const upload = useUploadWithProgress<SubmissionResult<string[]>>(`/resources/uploads/client/service-orders/${order.id}`);
  const fileErrors = upload.answer?.fileErrors ?? actionData?.fileErrors;
  const cancelErrors = actionData?.result?.error?.note ?? undefined;
  const open = OPEN_ORDER_STATUSES.includes(order.status);
  const cancellable = CLIENT_CANCELLABLE_ORDER_STATUSES.includes(order.status);
  // The price set on the order, else the accepted quote's total; "not yet quoted" only while a quote may still come.
  const acceptedQuote = billing.quotes.find((quote) => quote.status === "accepted");
  const priceCents = order.priceCents ?? acceptedQuote?.totalCents ?? null;
  const awaitingQuote = priceCents === null && billing.quotes.length === 0 && QUOTING_ORDER_STATUSES.includes(order.status);

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/client/service-orders", label: t("detail.back") }}
        title={order.serviceTitle}
        description={t("list.referenceOn", { reference: order.reference, date: format.date(order.createdAt) })}
        badge={<OrderStatusBadge status={order.status} className="text-sm" />}
        actions={
          // The order's conversation opens if it exists; otherwise its first message starts it.
          <Link to={messagePaths.clientNew(order.id)} className={buttonVariants({ variant: "outline" })} data-testid="order-messages">
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
            <CardContent className="space-y-3">
              <p dir="auto" className="whitespace-pre-line">
                {order.details}
              </p>
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                {priceCents !== null || awaitingQuote ? (
                  <div>
                    <dt className="font-semibold">{t("detail.price")}</dt>
                    <dd>{priceCents !== null ? format.money(priceCents) : t("detail.noPrice")}</dd>
                  </div>
                ) : null}
                {order.dueDate ? (
                  <div>
                    <dt className="font-semibold">{t("detail.dueDate")}</dt>
                    <dd>{format.day(order.dueDate)}</dd>
                  </div>
                ) : null}
                {order.quoteNote ? (
                  <div className="sm:col-span-2">
                    <dt className="font-semibold">{t("detail.quote")}</dt>
                    <dd dir="auto" className="whitespace-pre-line">
                      {order.quoteNote}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </CardContent>
          </Card>

          {requests.length > 0 ? (
            <Card data-testid="order-requests">
              <CardHeader>
                <CardTitle>{tr("client.orderCard.title")}</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="divide-y rounded-md border">
                  {requests.map((list) => (
                    <li key={list.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                      <Link to={requestPaths.client(list.id)} className="font-medium underline-offset-4 hover:underline" dir="auto">
                        {tr("client.orderCard.open", { title: list.title, done: list.doneCount, total: list.itemCount })}
                      </Link>
                      <ListStatusBadge status={list.status} />
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}

          <ClientOrderBilling billing={billing} awaitingQuote={awaitingQuote} />

          <OrderTranslationFiles files={translationFiles} />

          <AttachmentsCard title={t("detail.attachments")} files={order.files} closed={!open}>
            {open ? <AddDocumentsForm id="more-documents" upload={upload} errors={fileErrors} disabled={navigation.state === "submitting"} /> : null}
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
              <CardContent className="space-y-2">
                <ConfirmAction
                  label={t("detail.cancelOpen")}
                  title={t("detail.cancelQuestion")}
                  description={t("detail.cancelWarning")}
                  confirmLabel={t("detail.cancelConfirm")}
                  fields={{ intent: "cancel" }}
                  triggerVariant="ghost"
                  className="text-destructive"
                  icon={<XCircle aria-hidden className="size-4" />}
                  testId="cancel-order"
                  reason={{ label: t("detail.cancelNote"), name: "note", maxLength: 1000, errorId: cancelErrors ? "cancel-note-error" : undefined }}
                />
                <FieldErrors id="cancel-note-error" errors={cancelErrors} />
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export const handle = { i18n: ["orders", "translations", "billing", "requests", "messages"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
