import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/core/identity/guards.server";
import { MessageComposer, messagePaths, type ComposerAnswer } from "~/features/messages";
import { findThreadFor, messagePageAction, viewerOf } from "~/features/messages/index.server";
import { getOrder } from "~/features/service-orders/index.server";
import { loadOrNotFound } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/**
 * A first message to the firm: in the general conversation, or about one of the client's orders (`?order=`).
 * When that conversation exists already the client goes straight to it; otherwise the first message makes it.
 */
async function target(request: Request) {
  const user = await requireUser(request);
  const orderId = new URL(request.url).searchParams.get("order") || null;
  const language = await getLanguage(request);
  // Someone else's order is "not found", like the order page.
  const order = orderId ? await loadOrNotFound(getOrder(user, orderId, language)) : null;
  return { user, language, order, viewer: viewerOf(user, request) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, language, order, viewer } = await target(request);
  const existing = await findThreadFor(viewer, { clientId: user.id, orderId: order?.id ?? null });
  if (existing) throw redirect(messagePaths.client(existing));
  const t = await getFixedT(language, "messages");
  return json({
    order: order ? { id: order.id, reference: order.reference, serviceTitle: order.serviceTitle } : null,
    title: order ? t("client.newAboutOrder", { reference: order.reference }) : t("client.newGeneral"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, order, viewer } = await target(request);
  return messagePageAction(request, viewer, "client", { clientId: user.id, orderId: order?.id ?? null });
}

export default function NewClientMessage() {
  const { order, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ComposerAnswer | undefined;
  const { t } = useTranslation("messages");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        back={{ to: messagePaths.clientList, label: t("client.back") }}
        title={title}
        description={order ? <span dir="auto">{order.serviceTitle}</span> : t("client.generalDescription")}
      />
      <MessageComposer uploadUrl={messagePaths.upload("client", "new", order ? `?order=${encodeURIComponent(order.id)}` : "")} answer={actionData} />
    </div>
  );
}

export const handle = { i18n: ["messages", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
