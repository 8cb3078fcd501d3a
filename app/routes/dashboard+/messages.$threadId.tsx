import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CircleCheck, RotateCcw, UserCheck } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { PageHeader } from "~/components/page-header";
import { peopleOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireBackOffice } from "~/core/identity/guards.server";
import {
  MessageComposer,
  messagePaths,
  SavedReplyPicker,
  ThreadMessages,
  ThreadPager,
  ThreadStateBadge,
  useOpenThread,
  type ComposerAnswer,
} from "~/features/messages";
import { getThread, listSavedReplies, messageAssignees, messagePageAction, viewerOf, type MessageActionData } from "~/features/messages/index.server";
import { isAdminRole } from "~/lib/features";
import { invariantResponse } from "~/lib/http.server";
import { isLanguage, languageNames } from "~/lib/i18n/config";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/** One conversation as staff see it: every message and internal note, the reply box with saved replies, assignment and state. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "messages");
  const url = new URL(request.url);
  const before = url.searchParams.get("before") ?? undefined;
  const viewer = viewerOf(user, request);
  const thread = await getThread(viewer, params.threadId!, { before });
  invariantResponse(thread, "Not Found");
  const [savedReplies, assignees, t] = await Promise.all([listSavedReplies(viewer), messageAssignees(), getFixedT(await getLanguage(request), "messages")]);
  // Without JavaScript the saved-reply picker reloads the page with the reply's text in the box.
  const chosen = savedReplies.find((reply) => reply.id === url.searchParams.get("reply")) ?? null;
  const title = thread.subject || (thread.order ? t("thread.orderTitle", { reference: thread.order.reference }) : t("thread.general"));
  return json({
    thread,
    savedReplies,
    assignees,
    chosenReply: chosen?.id ?? null,
    startText: chosen?.body ?? "",
    older: Boolean(before),
    canOpenRecords: isAdminRole(user.role),
    now: new Date().toISOString(),
    title,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "messages");
  return messagePageAction(request, viewerOf(user, request), "dashboard", { threadId: params.threadId! });
}

export default function StaffThread() {
  const { thread, savedReplies, assignees, chosenReply, startText, older, canOpenRecords, now, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (MessageActionData & ComposerAnswer) | undefined;
  const { t } = useTranslation("messages");
  const box = useRef<HTMLTextAreaElement>(null);
  useOpenThread(thread);
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: messagePaths.staffList, label: t("staff.back") }}
        title={<span dir="auto">{title}</span>}
        badge={<ThreadStateBadge state={thread.state} />}
        description={
          <span dir="auto">
            {thread.client.name} · {thread.client.email}
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <ThreadPager thread={thread} older={older} latestTo={messagePaths.staff(thread.id)} />
          <ThreadMessages messages={thread.messages} viewer="staff" canRemove now={now} editAnswer={actionData} />
          <section aria-labelledby="reply-heading" className="space-y-3">
            <h2 id="reply-heading" className="text-lg font-semibold">
              {t("staff.replyTitle")}
            </h2>
            <SavedReplyPicker replies={savedReplies} clientLocale={thread.client.locale} selected={chosenReply} textareaRef={box} />
            <MessageComposer
              key={chosenReply ?? "none"}
              staff
              uploadUrl={messagePaths.upload("dashboard", thread.id)}
              answer={actionData}
              defaultBody={startText}
              textareaRef={box}
            />
          </section>
        </div>
        <aside className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("staff.about")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2 text-sm">
              <p>
                <span className="font-semibold">{t("staff.columns.client")}: </span>
                {canOpenRecords ? (
                  <Link to={`/dashboard/clients/${thread.client.id}`} className="primary-link" dir="auto">
                    {thread.client.name}
                  </Link>
                ) : (
                  <span dir="auto">{thread.client.name}</span>
                )}
              </p>
              <p>
                <span className="font-semibold">{t("staff.columns.order")}: </span>
                {thread.order ? (
                  canOpenRecords ? (
                    <Link to={`/dashboard/service-orders/${thread.order.id}`} className="primary-link" data-testid="thread-order">
                      {thread.order.reference}
                    </Link>
                  ) : (
                    thread.order.reference
                  )
                ) : (
                  t("thread.general")
                )}
              </p>
              <p>
                <span className="font-semibold">{t("staff.clientLanguage")}: </span>
                {isLanguage(thread.client.locale) ? languageNames[thread.client.locale] : thread.client.locale}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("staff.assignTitle")}</CardTitle>
            </CardHeader>
            <CardContent>
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="assign" />
                <FilterSelect
                  id="thread-assignee"
                  name="assigneeId"
                  label={t("staff.columns.assignee")}
                  any={t("staff.unassigned")}
                  defaultValue={thread.assigneeId ?? ""}
                  options={peopleOptions(assignees)}
                />
                <Button type="submit" variant="outline" size="sm">
                  <UserCheck aria-hidden />
                  {t("staff.assign")}
                </Button>
              </Form>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("staff.stateTitle")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <p className="text-muted-foreground">{t(`staff.stateHint.${thread.state}`)}</p>
              <Form method="post">
                <input type="hidden" name="intent" value={thread.state === "closed" ? "reopen" : "close"} />
                <Button type="submit" variant="outline" size="sm">
                  {thread.state === "closed" ? <RotateCcw aria-hidden /> : <CircleCheck aria-hidden />}
                  {thread.state === "closed" ? t("staff.reopen") : t("staff.close")}
                </Button>
              </Form>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

export const handle = { i18n: ["messages", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
