import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { findClientById } from "~/core/identity/directory.server";
import { requireBackOffice } from "~/core/identity/guards.server";
import { MessageComposer, messagePaths, type ComposerAnswer } from "~/features/messages";
import { findThreadFor, messagePageAction, viewerOf } from "~/features/messages/index.server";
import { getOrder } from "~/features/service-orders/index.server";
import { invariantResponse, loadOrNotFound } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/**
 * Staff write first to a client (`?client=`), in their general conversation or about one of their orders
 * (`?order=`). An existing conversation opens instead; otherwise the first message makes it.
 */
async function target(request: Request) {
  const user = await requireBackOffice(request, "messages");
  const url = new URL(request.url);
  const language = await getLanguage(request);
  const client = await findClientById(url.searchParams.get("client") ?? "");
  invariantResponse(client, "Not Found");
  const orderId = url.searchParams.get("order") || null;
  const order = orderId ? await loadOrNotFound(getOrder(user, orderId, language)) : null;
  invariantResponse(!order || order.clientId === client.id, "Not Found");
  return { user, language, client, order, viewer: viewerOf(user, request) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { language, client, order, viewer } = await target(request);
  const existing = await findThreadFor(viewer, { clientId: client.id, orderId: order?.id ?? null });
  if (existing) throw redirect(messagePaths.staff(existing));
  const t = await getFixedT(language, "messages");
  return json({
    client: { id: client.id, fullName: client.fullName },
    order: order ? { id: order.id, reference: order.reference } : null,
    title: order ? t("staff.newAboutOrder", { reference: order.reference }) : t("staff.newGeneral", { name: client.fullName }),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client, order, viewer } = await target(request);
  return messagePageAction(request, viewer, "dashboard", { clientId: client.id, orderId: order?.id ?? null });
}

export default function NewStaffMessage() {
  const { client, order, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ComposerAnswer | undefined;
  const { t } = useTranslation("messages");
  const search = `?client=${encodeURIComponent(client.id)}${order ? `&order=${encodeURIComponent(order.id)}` : ""}`;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        back={{ to: messagePaths.staffList, label: t("staff.back") }}
        title={<span dir="auto">{title}</span>}
        description={<span dir="auto">{client.fullName}</span>}
      />
      <MessageComposer staff uploadUrl={messagePaths.upload("dashboard", "new", search)} answer={actionData} />
    </div>
  );
}

export const handle = { i18n: ["messages", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
