import { Link } from "@remix-run/react";
import { CircleCheck, Clock, MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { useFormatter } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { ThreadStateName } from "./page-forms";

/** A thread as the lists show it (the server's ThreadSummary, as the page receives it). */
export type ThreadListItem = {
  id: string;
  clientName: string | null;
  orderReference: string | null;
  subject: string | null;
  state: ThreadStateName;
  assigneeName: string | null;
  lastMessageAt: string;
  lastMessagePreview: string;
  lastMessageRemoved?: boolean;
  unread: boolean;
};

const STATE_TONES: Record<ThreadStateName, { tone: BadgeTone; icon: typeof Clock }> = {
  open: { tone: "primary", icon: MessageCircle },
  waiting: { tone: "warning", icon: Clock },
  closed: { tone: "quiet", icon: CircleCheck },
};

/**
 * A thread's state in a word: open, waiting for the client, closed. The client reads "waiting" as "answered".
 * `wordOnly` leaves the icon out where a column of them would only repeat the word (the staff's long list).
 */
export function ThreadStateBadge({
  state,
  audience = "staff",
  className,
  wordOnly = false,
}: {
  state: ThreadStateName;
  audience?: "client" | "staff";
  className?: string;
  wordOnly?: boolean;
}) {
  const { t } = useTranslation("messages");
  const { tone, icon } = STATE_TONES[state] ?? STATE_TONES.open;
  return (
    <Badge tone={tone} icon={wordOnly ? undefined : icon} className={className} data-testid="thread-state">
      {t(`state.${audience}.${state}`)}
    </Badge>
  );
}

/** What a thread is about: its subject, else its order's reference, else "General". */
export function useThreadTitle() {
  const { t } = useTranslation("messages");
  return (thread: Pick<ThreadListItem, "subject" | "orderReference">) =>
    thread.subject || (thread.orderReference ? t("thread.orderTitle", { reference: thread.orderReference }) : t("thread.general"));
}

/** The newest message's first words, or the "message removed" marker. */
export function ThreadPreview({ thread }: { thread: Pick<ThreadListItem, "lastMessagePreview" | "lastMessageRemoved"> }) {
  const { t } = useTranslation("messages");
  if (thread.lastMessageRemoved) return <span className="italic text-muted-foreground">{t("thread.removed")}</span>;
  if (!thread.lastMessagePreview) return <span className="text-muted-foreground">{t("list.attachmentsOnly")}</span>;
  return (
    <span dir="auto" className="line-clamp-1 break-words text-muted-foreground">
      {thread.lastMessagePreview}
    </span>
  );
}

/** The client's threads, newest activity first: unread ones in bold, with a dot and the word "Unread" (never colour alone). */
export function ThreadList({ threads, href }: { threads: ThreadListItem[]; href: (id: string) => string }) {
  const { t } = useTranslation("messages");
  const format = useFormatter();
  const title = useThreadTitle();
  return (
    <ul className="divide-y rounded-md border" data-testid="thread-list">
      {threads.map((thread) => (
        <li
          key={thread.id}
          className={cn("flex flex-wrap items-start justify-between gap-2 p-3", thread.unread && "bg-primary/5")}
          data-testid="thread-row"
          data-unread={thread.unread}
        >
          <div className="min-w-0 flex-1 space-y-0.5">
            <p className="flex items-center gap-2">
              {thread.unread ? <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" /> : null}
              <Link to={href(thread.id)} className={cn("underline-offset-4 hover:underline", thread.unread ? "font-semibold" : "font-medium")} dir="auto">
                {title(thread)}
              </Link>
              {thread.unread ? (
                <span className="text-xs font-semibold text-primary" data-testid="thread-unread">
                  {t("list.unread")}
                </span>
              ) : null}
            </p>
            <p className="text-sm">
              <ThreadPreview thread={thread} />
            </p>
          </div>
          <div className="flex flex-col items-end gap-1 text-sm text-muted-foreground">
            <time dateTime={thread.lastMessageAt}>{format.dateTime(thread.lastMessageAt)}</time>
            <ThreadStateBadge state={thread.state} audience="client" />
          </div>
        </li>
      ))}
    </ul>
  );
}
