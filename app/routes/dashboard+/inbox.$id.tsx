import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { Archive, Ban, Inbox as InboxIcon, MailOpen, MessagesSquare, Send, UserCheck } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { peopleOptions } from "~/components/select-options";
import { findActiveRecipientByEmail, findClientById } from "~/core/identity/directory.server";
import { requireBackOffice } from "~/core/identity/guards.server";
import { InboxActionSchema, InboxAssignSchema, InboxReplySchema, REPLY_TEMPLATES, type ReplyTemplateKey } from "~/features/inbox";
import {
  assignContactMessage,
  getContactMessage,
  listContactMessageReplies,
  listInboxAssignees,
  markContactMessageRead,
  replyTemplateText,
  replyToContactMessage,
  senderLanguage,
  setContactMessageStatus,
} from "~/features/inbox/index.server";
import { messagePaths } from "~/features/messages";
import { moveContactMessageToClient } from "~/features/messages/index.server";
import { canUseBackOffice } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { invariantResponse, loadOrNotFound, refusal } from "~/lib/http.server";
import { languageNames } from "~/lib/i18n/config";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/** The client whose account has the sender's address (a contact message from them can move into their messages). */
async function clientOfSender(email: string): Promise<{ id: string; fullName: string } | null> {
  const account = await findActiveRecipientByEmail(email.trim().toLowerCase());
  const client = account ? await findClientById(account.id) : null;
  return client ? { id: client.id, fullName: client.fullName } : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "inbox");
  // Reading changes nothing (a GET is safe): the page posts "markRead" when a new message is opened.
  const message = await loadOrNotFound(getContactMessage(params.id!));
  const url = new URL(request.url);
  const templateParam = url.searchParams.get("template");
  const template = REPLY_TEMPLATES.includes(templateParam as ReplyTemplateKey) ? (templateParam as ReplyTemplateKey) : null;
  const [replies, assignees, startText, senderClient] = await Promise.all([
    listContactMessageReplies(message.id),
    listInboxAssignees(),
    template ? replyTemplateText(message, template) : Promise.resolve(""),
    canUseBackOffice(user, "messages") ? clientOfSender(message.email) : Promise.resolve(null),
  ]);
  const language = senderLanguage(message);
  return json({ message, replies, assignees, template, startText, senderClient, senderLanguage: languageNames[language], title: message.subject });
}

type ActionData = { intent: string; result?: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "inbox");
  const id = params.id!;
  const back = `/dashboard/inbox/${id}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "reply") {
    const submission = parseWithZod(form, { schema: InboxReplySchema });
    if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    let outcome;
    try {
      outcome = await replyToContactMessage(user, id, submission.value);
    } catch (error) {
      return refusal(request, error, submission, { intent });
    }
    return outcome.delivery === "sent"
      ? redirectWithToast(back, { type: "success", message: "inbox:replySent" })
      : redirectWithToast(back, { type: "error", message: "inbox:replyFailed" });
  }
  if (intent === "moveToMessages") {
    let threadId: string;
    try {
      threadId = await moveContactMessageToClient({ id: user.id, role: user.role, enabledFeatures: user.enabledFeatures, locale: user.locale }, id);
    } catch (error) {
      return refusal(request, error);
    }
    return redirectWithToast(messagePaths.staff(threadId), { type: "success", message: "messages:inboxMove.toast" });
  }
  if (intent === "assign") {
    const submission = parseWithZod(form, { schema: InboxAssignSchema });
    if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: "inbox:errors.assigneeInvalid" });
    try {
      await assignContactMessage(user, id, submission.value.assigneeId || null);
    } catch (error) {
      return refusal(request, error);
    }
    return redirectWithToast(back, { type: "success", message: submission.value.assigneeId ? "inbox:assigned" : "inbox:unassigned" });
  }
  const submission = parseWithZod(form, { schema: InboxActionSchema });
  if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: "inbox:errors.badRequest" });
  const action = submission.value.intent;
  try {
    if (action === "markRead") {
      await markContactMessageRead(id);
      return json({ read: true });
    }
    const change = action === "archive" ? "archive" : action === "spam" ? "spam" : "restore";
    await setContactMessageStatus(user, id, change);
    const message = { archive: "inbox:archived", spam: "inbox:markedSpam", restore: "inbox:unarchived" }[change];
    return redirectWithToast(change === "restore" ? back : "/dashboard/inbox", { type: "success", message });
  } catch (error) {
    return refusal(request, error);
  }
  invariantResponse(false, "Bad Request", { status: 400 });
}

/** Opening a new message marks it read, by a POST (without JavaScript, by its "Mark as read" button). */
function useMarkReadOnOpen(id: string, isNew: boolean) {
  const fetcher = useFetcher<typeof action>();
  const { submit } = fetcher;
  useEffect(() => {
    if (isNew) submit({ intent: "markRead" }, { method: "post" });
  }, [id, isNew, submit]);
  return fetcher;
}

function StatusButton({ intent, icon: Icon, label }: { intent: string; icon: typeof Archive; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="outline">
        <Icon aria-hidden />
        {label}
      </Button>
    </Form>
  );
}

export default function InboxMessage() {
  const { message, replies, assignees, template, startText, senderClient, senderLanguage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("inbox");
  const { t: tMessages } = useTranslation("messages");
  const format = useFormatter();
  const setAside = message.status === "archived" || message.status === "spam";
  useMarkReadOnOpen(message.id, message.status === "new");
  const [replyForm, replyFields] = useZodForm(InboxReplySchema, {
    // A new id when another reply template is chosen, so the field starts from its text.
    id: `inbox-reply-${template ?? "blank"}`,
    lastResult: actionData?.intent === "reply" ? actionData.result : undefined,
    defaultValue: { body: startText },
    shouldValidate: "onSubmit",
  });
  return (
    <article className="max-w-4xl space-y-6">
      <PageHeader back={{ to: "/dashboard/inbox", label: t("back") }} title={message.subject} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("columns.from")}</dt>
        <dd>
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="text-muted-foreground">{t("columns.received")}</dt>
        <dd>
          <time dateTime={message.createdAt}>{format.longDateTime(message.createdAt)}</time>
        </dd>
        <dt className="text-muted-foreground">{t("columns.language")}</dt>
        <dd>{senderLanguage}</dd>
        <dt className="text-muted-foreground">{t("columns.status")}</dt>
        <dd data-testid="message-status">{t(`statuses.${message.status}`, { defaultValue: message.status })}</dd>
      </dl>
      <p dir="auto" className="whitespace-pre-wrap rounded-lg border bg-card p-4 leading-relaxed">
        {message.message}
      </p>
      <div className="flex flex-wrap gap-3">
        {message.status === "new" ? <StatusButton intent="markRead" icon={MailOpen} label={t("markRead")} /> : null}
        {setAside ? (
          <StatusButton intent="restore" icon={InboxIcon} label={t("unarchive")} />
        ) : (
          <>
            <StatusButton intent="archive" icon={Archive} label={t("archive")} />
            <StatusButton intent="spam" icon={Ban} label={t("spam")} />
          </>
        )}
      </div>
      {senderClient ? (
        <Form method="post" className="flex flex-wrap items-center gap-3 rounded-md border bg-muted/50 p-3 text-sm" data-testid="move-to-messages">
          <input type="hidden" name="intent" value="moveToMessages" />
          <span dir="auto">{tMessages("inboxMove.hint", { name: senderClient.fullName })}</span>
          <Button type="submit" variant="outline" size="sm">
            <MessagesSquare aria-hidden />
            {tMessages("inboxMove.label")}
          </Button>
        </Form>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("thread.title")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {replies.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("thread.empty")}</p>
              ) : (
                <ol className="space-y-3" data-testid="reply-thread">
                  {replies.map((reply) => (
                    <li key={reply.id} className="rounded-md border bg-muted/50 p-3 text-sm">
                      <p className="mb-1 text-xs text-muted-foreground">
                        {t("thread.by", { name: reply.authorName, date: format.dateTime(reply.createdAt) })} ·{" "}
                        <span className={reply.delivery === "sent" ? undefined : "font-semibold text-destructive"}>
                          {t(`thread.delivery.${reply.delivery}`)}
                        </span>
                      </p>
                      <p className="font-medium">{reply.subject}</p>
                      <p dir="auto" className="whitespace-pre-line break-words">
                        {reply.body}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t("replyForm.title")}</CardTitle>
              <p className="text-sm text-muted-foreground">{t("replyForm.language", { language: senderLanguage })}</p>
            </CardHeader>
            <CardContent className="space-y-4">
              {/* A GET form: choosing a reply template reloads the page with its text, with or without JavaScript. */}
              <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor="reply-template">{t("replyForm.template")}</Label>
                  <Select id="reply-template" name="template" defaultValue={template ?? ""}>
                    <option value="">{t("replyForm.noTemplate")}</option>
                    {REPLY_TEMPLATES.map((key) => (
                      <option key={key} value={key}>
                        {t(`replyTemplates.${key}.label`)}
                      </option>
                    ))}
                  </Select>
                </div>
                <Button type="submit" variant="outline">
                  {t("replyForm.useTemplate")}
                </Button>
              </Form>
              <Form method="post" className="space-y-3" {...getFormProps(replyForm)}>
                <input type="hidden" name="intent" value="reply" />
                <FormErrors id={replyForm.errorId} errors={replyForm.errors} />
                <TextareaField field={replyFields.body} label={t("replyForm.body")} textareaProps={{ rows: 8 }} />
                <Button type="submit">
                  <Send aria-hidden />
                  {t("replyForm.send")}
                </Button>
              </Form>
            </CardContent>
          </Card>
        </div>

        <Card className="self-start">
          <CardHeader>
            <CardTitle>{t("assign.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="assign" />
              <FilterSelect
                id="assignee"
                name="assigneeId"
                label={t("assign.label")}
                any={t("assign.nobody")}
                defaultValue={message.assigneeId ?? ""}
                options={peopleOptions(assignees)}
              />
              <Button type="submit" variant="outline">
                <UserCheck aria-hidden />
                {t("assign.save")}
              </Button>
            </Form>
          </CardContent>
        </Card>
      </div>
    </article>
  );
}

export const handle = { i18n: ["inbox", "messages"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
