import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/core/identity/guards.server";
import { MessageComposer, messagePaths, ThreadMessages, ThreadPager, ThreadStateBadge, useOpenThread, type ComposerAnswer } from "~/features/messages";
import { getThread, messagePageAction, viewerOf, type MessageActionData } from "~/features/messages/index.server";
import { invariantResponse } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/** One of the client's conversations: the messages (never an internal note: the area leaves them out), the reply box. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  const thread = await getThread(viewerOf(user, request), params.threadId!, { before });
  invariantResponse(thread, "Not Found");
  const t = await getFixedT(await getLanguage(request), "messages");
  const title = thread.subject || (thread.order ? t("thread.orderTitle", { reference: thread.order.reference }) : t("thread.general"));
  return json({ thread, title, older: Boolean(before), now: new Date().toISOString() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return messagePageAction(request, viewerOf(user, request), "client", { threadId: params.threadId! });
}

export default function ClientThread() {
  const { thread, title, older, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (MessageActionData & ComposerAnswer) | undefined;
  const { t } = useTranslation("messages");
  useOpenThread(thread);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        back={{ to: messagePaths.clientList, label: t("client.back") }}
        title={<span dir="auto">{title}</span>}
        badge={<ThreadStateBadge state={thread.state} audience="client" />}
        description={
          thread.order ? (
            <Link to={`/client/service-orders/${thread.order.id}`} className="primary-link" data-testid="thread-order">
              {t("thread.openOrder", { reference: thread.order.reference })}
            </Link>
          ) : (
            t("client.generalDescription")
          )
        }
      />
      <ThreadPager thread={thread} older={older} latestTo={messagePaths.client(thread.id)} />
      <ThreadMessages messages={thread.messages} viewer="client" canRemove={false} now={now} editAnswer={actionData} />
      {thread.state === "closed" ? (
        <p role="note" className="rounded-md border bg-muted p-3 text-sm">
          {t("client.closedNote")}
        </p>
      ) : null}
      <MessageComposer uploadUrl={messagePaths.upload("client", thread.id)} answer={actionData} />
    </div>
  );
}

export const handle = { i18n: ["messages", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
