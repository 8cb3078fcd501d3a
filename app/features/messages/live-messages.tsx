import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useRealtimeEvent } from "~/features/notifications";

/**
 * Live updates of the messages area over the tab's one socket (the notifications' connection): the
 * server emits `message:new` with ids only (never text) to everyone who may see the message; the page on
 * screen reloads its data, and the sidebar's unread count asks GET /api/messages/unread again. Without
 * JavaScript, or with the socket down, reloading the page shows the same.
 */

let unread: number | null = null;
const listeners = new Set<() => void>();

function setUnread(next: number) {
  const value = Math.max(0, next);
  if (value === unread) return;
  unread = value;
  for (const listener of listeners) listener();
}

/** Asks the server for the viewer's unread thread count (after a message arrives, or a thread was read). */
export async function refreshMessageCount(): Promise<void> {
  try {
    const response = await fetch("/api/messages/unread", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return;
    const data = (await response.json()) as { count?: unknown };
    if (typeof data.count === "number") setUnread(data.count);
  } catch (error) {
    console.warn("Could not refresh the unread message count:", error);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function threadIdOf(payload: unknown): string | null {
  return payload && typeof payload === "object" && "threadId" in payload && typeof payload.threadId === "string" ? payload.threadId : null;
}

/** The unread thread count to show: the layout's value until a live event or a read says otherwise. */
export function useLiveMessageCount(serverCount: number): number {
  useEffect(() => {
    setUnread(serverCount);
  }, [serverCount]);
  const onMessage = useCallback(() => void refreshMessageCount(), []);
  useRealtimeEvent("message:new", onMessage);
  useRealtimeEvent("message:changed", onMessage);
  const live = useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
  return live ?? serverCount;
}

/**
 * Reloads the page's data when a message arrives: any thread (a list) or only `threadId` (a thread page).
 * `version` changes with the page's data (e.g. its newest message): the sidebar's count is asked again then,
 * since reading or posting changed it.
 */
export function useLiveMessages({ threadId, version }: { threadId?: string; version?: string } = {}) {
  const { revalidate, state } = useRevalidator();
  const onMessage = useCallback(
    (payload: unknown) => {
      if (threadId && threadIdOf(payload) !== threadId) return;
      if (state === "idle") revalidate();
    },
    [threadId, revalidate, state],
  );
  useRealtimeEvent("message:new", onMessage);
  // An edit, a removal, or the thread read on another device.
  useRealtimeEvent("message:changed", onMessage);
  useEffect(() => {
    if (version !== undefined) void refreshMessageCount();
  }, [version]);
}

/** The sidebar's unread count beside "Messages": a pill with the number, its meaning for screen readers. */
export function MessagesNavCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const live = useLiveMessageCount(count);
  if (live <= 0) return null;
  return (
    <span className="sidebar-count" data-testid="messages-unread">
      <span aria-hidden>{live > 99 ? "99+" : live}</span>
      <span className="sr-only">{t("nav.messagesUnread", { count: live })}</span>
    </span>
  );
}

/** Opening a thread with unread messages marks it read, by a POST to the page (without JavaScript, by its "Mark as read" button). */
export function useMarkThreadRead(threadId: string, unread: boolean, newest: string) {
  const { submit } = useFetcher();
  useEffect(() => {
    if (unread) submit({ intent: "read" }, { method: "post" });
  }, [threadId, unread, newest, submit]);
}

/** An open thread's page: live while it is shown, and read as soon as it is opened. */
export function useOpenThread(thread: { id: string; unread: boolean; messages: ReadonlyArray<{ id: string }> }) {
  const newest = thread.messages.at(-1)?.id ?? "";
  useLiveMessages({ threadId: thread.id, version: `${newest}:${thread.unread}` });
  useMarkThreadRead(thread.id, thread.unread, newest);
}
