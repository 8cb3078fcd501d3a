import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Lock, MailOpen, Paperclip, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { FieldErrors } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useFormatter } from "~/lib/format";
import { cn } from "~/lib/utils";
import { linkParts, MESSAGE_MAX_LENGTH, messagePaths } from "./page-forms";
import type { ThreadMessage } from "./types.server";

type EditAnswer = { intent: string; messageId?: string; result?: SubmissionResult<string[]> };

/**
 * Above a thread's messages: "Mark as read" while it is unread (JavaScript marks it by itself; this is the
 * no-JavaScript path), a link to the older page when there is one, and back to the latest from an older page.
 */
export function ThreadPager({
  thread,
  older,
  latestTo,
}: {
  thread: { unread: boolean; hasOlder: boolean; messages: ReadonlyArray<{ id: string }> };
  /** The page shows an older page (`?before=`). */
  older: boolean;
  latestTo: string;
}) {
  const { t } = useTranslation("messages");
  return (
    <>
      {thread.unread ? (
        <Form method="post" className="flex justify-end">
          <input type="hidden" name="intent" value="read" />
          <Button type="submit" variant="ghost" size="sm">
            <MailOpen aria-hidden />
            {t("thread.markRead")}
          </Button>
        </Form>
      ) : null}
      {thread.hasOlder ? (
        <p className="text-center text-sm">
          <Link to={`?before=${encodeURIComponent(thread.messages[0]?.id ?? "")}`} className="primary-link" preventScrollReset>
            {t("thread.older")}
          </Link>
        </p>
      ) : null}
      {older ? (
        <p className="text-center text-sm">
          <Link to={latestTo} className="primary-link">
            {t("thread.latest")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/**
 * A thread's messages, oldest first, as bubbles: the viewer's side (the client's own, or the firm's for
 * staff) at the end edge, the other side at the start edge (logical, so Arabic mirrors it). Each body has
 * `dir="auto"`, so Arabic and English in one thread each read in their own direction. Internal notes are
 * full-width, striped and labelled as never shown to the client; a removed message leaves its marker.
 */
export function ThreadMessages({
  messages,
  viewer,
  canRemove,
  now,
  editAnswer,
}: {
  messages: ThreadMessage[];
  viewer: "client" | "staff";
  canRemove: boolean;
  /** The loader's clock: whether a message is still editable renders the same on both sides. */
  now: string;
  editAnswer?: EditAnswer;
}) {
  const { t } = useTranslation("messages");
  if (messages.length === 0) return <p className="text-sm text-muted-foreground">{t("thread.empty")}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="thread-messages" aria-label={t("thread.messages")}>
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} viewer={viewer} canRemove={canRemove} now={now} editAnswer={editAnswer} />
      ))}
    </ol>
  );
}

function MessageBubble({
  message,
  viewer,
  canRemove,
  now,
  editAnswer,
}: {
  message: ThreadMessage;
  viewer: "client" | "staff";
  canRemove: boolean;
  now: string;
  editAnswer?: EditAnswer;
}) {
  const { t } = useTranslation("messages");
  const format = useFormatter();
  const ours = viewer === "staff" ? message.authorIsFirm : !message.authorIsFirm;
  const editable = !message.removed && message.editableUntil !== null && message.editableUntil > now;
  const author = message.authorName ?? t("thread.unknownAuthor");
  const header = (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
      <span className="font-semibold text-foreground" dir="auto">
        {author}
      </span>
      {message.authorIsFirm && viewer === "client" ? <span>{t("thread.firm")}</span> : null}
      <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
      {message.editedAt && !message.removed ? <span>· {t("thread.edited")}</span> : null}
    </p>
  );
  const body = message.removed ? (
    <p className="text-sm italic text-muted-foreground" data-testid="message-removed">
      {t("thread.removed")}
    </p>
  ) : message.body ? (
    <p dir="auto" className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="message-body">
      {linkParts(message.body).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} className="primary-link break-all" target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  ) : null;
  const attachments =
    !message.removed && message.attachments.length > 0 ? (
      <ul className="space-y-1 text-sm" data-testid="message-attachments" aria-label={t("thread.attachments")}>
        {message.attachments.map((file) => (
          <li key={file.id} className="flex items-center gap-1.5">
            <Paperclip aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <a href={messagePaths.attachment(file.id)} className="primary-link break-all" dir="auto">
              {file.fileName}
            </a>
            <span className="text-xs text-muted-foreground">({format.bytes(file.size)})</span>
          </li>
        ))}
      </ul>
    ) : null;
  const tools =
    !message.removed && (canRemove || editable) ? (
      <div className="flex flex-wrap items-start gap-2 pt-1">
        {editable ? (
          <EditForm message={message} answer={editAnswer?.intent === "edit" && editAnswer.messageId === message.id ? editAnswer : undefined} />
        ) : null}
        {canRemove ? (
          <ConfirmAction
            label={t("thread.remove")}
            title={t("thread.removeTitle")}
            description={t("thread.removeDescription")}
            confirmLabel={t("thread.removeConfirm")}
            fields={{ intent: "remove", messageId: message.id }}
            triggerVariant="ghost"
            size="xs"
            icon={<Trash2 aria-hidden className="size-3.5" />}
            className="text-muted-foreground"
            testId="remove-message"
          />
        ) : null}
      </div>
    ) : null;

  if (message.internal) {
    return (
      <li id={`message-${message.id}`} className="scroll-mt-20" data-testid="internal-note" data-message-id={message.id}>
        <div className="space-y-2 rounded-md border-2 border-dashed border-warning/60 bg-warning/10 p-3">
          <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-warning">
            <Lock aria-hidden className="size-3.5" />
            {t("thread.internalNote")}
          </p>
          {header}
          {body}
          {attachments}
          {tools}
        </div>
      </li>
    );
  }
  return (
    <li
      id={`message-${message.id}`}
      className={cn("flex max-w-[min(40rem,90%)] scroll-mt-20 flex-col", ours ? "ms-auto items-end" : "me-auto items-start")}
      data-testid="message"
      data-side={message.authorIsFirm ? "firm" : "client"}
      data-message-id={message.id}
    >
      <div className={cn("w-full space-y-2 rounded-2xl border p-3", ours ? "rounded-ee-sm bg-primary/10" : "rounded-es-sm bg-card")}>
        {header}
        {body}
        {attachments}
        {tools}
      </div>
    </li>
  );
}

/** "Edit" on one's own message in its first five minutes: a plain form in a <details>, so it needs no JavaScript. */
function EditForm({ message, answer }: { message: ThreadMessage; answer?: EditAnswer }) {
  const { t } = useTranslation("messages");
  const id = `edit-${message.id}`;
  const errors = answer?.result?.error?.body;
  return (
    <details className="group" open={Boolean(answer)}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-xs font-semibold text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
        <Pencil aria-hidden className="size-3.5" />
        {t("thread.edit")}
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="messageId" value={message.id} />
        <Label htmlFor={id} className="sr-only">
          {t("thread.editLabel")}
        </Label>
        <Textarea
          id={id}
          name="body"
          rows={3}
          dir="auto"
          maxLength={MESSAGE_MAX_LENGTH}
          defaultValue={message.body}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
        />
        <FieldErrors id={`${id}-error`} errors={errors ?? undefined} />
        <div>
          <Button type="submit" size="xs" variant="outline">
            {t("thread.saveEdit")}
          </Button>
        </div>
      </Form>
    </details>
  );
}
