import i18next from "i18next";
import { useEffect, useSyncExternalStore } from "react";
import toast from "react-hot-toast";
import type { Socket } from "socket.io-client";
import type { NotificationEventPayload } from "./notifications.schema";

/**
 * The live unread count, shared by every bell and page on screen. One socket
 * per tab (opened while at least one component uses it, socket.io-client
 * loaded on demand so public pages never download it), plus a poll of
 * GET /api/notifications/unread every 30 seconds, so a lost socket
 * costs nothing. Socket trouble is only logged: the badge is not worth interrupting the user.
 */
export const UNREAD_POLL_MS = 30_000;

let unread: number | null = null;
const countListeners = new Set<() => void>();
const arrivalListeners = new Set<(notification: NotificationEventPayload) => void>();
/** Listeners of the socket's other events (e.g. `message:new` for the messages area), by event name. */
const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
let users = 0;
let stopConnection: (() => void) | null = null;
/** Set while the person signs out, until a signed-in page starts listening again. */
let signingOut = false;

function setUnread(next: number) {
  const value = Math.max(0, next);
  if (value === unread) return;
  unread = value;
  for (const listener of countListeners) listener();
}

/** After the user marks or deletes something without a page load (the panel). */
export function adjustUnread(delta: number) {
  if (unread !== null) setUnread(unread + delta);
}

export function resetUnread(value: number) {
  setUnread(value);
}

async function refreshUnread() {
  try {
    const response = await fetch("/api/notifications/unread", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    // A 401 means the session is gone; sign in again. Not while signing out: the sign-out's own redirect is on its way, and
    // this one, landing first, would send the person to the sign-in form instead of the home page.
    if (response.status === 401) {
      if (!signingOut) window.location.assign(`/login?redirectTo=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    if (!response.ok) return;
    const data = (await response.json()) as { count?: unknown };
    if (typeof data.count === "number") setUnread(data.count);
  } catch (error) {
    console.warn("Could not refresh the unread notification count:", error);
  }
}

function startConnection(): () => void {
  signingOut = false;
  let socket: Socket | undefined;
  let stopped = false;
  const timer = window.setInterval(() => void refreshUnread(), UNREAD_POLL_MS);

  import("socket.io-client")
    .then(({ io }) => {
      if (stopped) return;
      // Same origin: the browser sends the httpOnly session cookie with the handshake.
      socket = io({
        path: "/socket.io",
        // WebSocket only (what ["websocket", "polling"] already meant: without tryAllTransports the client never
        // falls back): one connection to one instance, so a balancer needs no sticky sessions; the count is
        // polled anyway (UNREAD_POLL_MS) where WebSockets do not pass.
        transports: ["websocket"],
        reconnectionAttempts: 3,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        timeout: 10000,
        withCredentials: true,
      });
      socket.on("connect", () => {
        // Events sent before the first connection (the count came with the page) or while
        // disconnected are caught up by asking the server.
        void refreshUnread();
      });
      socket.on("notification:new", (notification: NotificationEventPayload) => {
        setUnread((unread ?? 0) + 1);
        // Written on the server in the reader's language and zone, like the list.
        toast(notification.title || String(i18next.t(notification.titleKey, notification.params ?? {})), { id: `notification-${notification.id}` });
        for (const listener of arrivalListeners) listener(notification);
      });
      socket.onAny((event: string, payload: unknown) => {
        for (const listener of eventListeners.get(event) ?? []) listener(payload);
      });
      socket.on("connect_error", (error) => console.warn("Realtime notifications unavailable:", error.message));
    })
    .catch((error: unknown) => console.warn("Realtime notifications unavailable:", error));

  return () => {
    stopped = true;
    window.clearInterval(timer);
    socket?.disconnect();
  };
}

/**
 * The person is signing out (the sign-out form calls it as it submits): the socket and the poll stop, and a count
 * asked for just before, answered 401 once the session is gone, no longer sends the page to the sign-in form.
 */
export function stopLiveNotifications() {
  signingOut = true;
  stopConnection?.();
  stopConnection = null;
}

function subscribe(listener: () => void) {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
}

/**
 * The unread count to show: the server's value (rendered in the HTML, and
 * again after every loader run) until the socket or the poll says otherwise.
 */
export function useLiveUnreadCount(serverCount: number): number {
  useEffect(() => {
    setUnread(serverCount);
  }, [serverCount]);

  useConnection();

  const live = useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
  return live ?? serverCount;
}

/** Runs `callback` when a notification arrives live (e.g. to reload the list on screen). */
export function useNotificationArrivals(callback: (notification: NotificationEventPayload) => void) {
  useEffect(() => {
    arrivalListeners.add(callback);
    return () => {
      arrivalListeners.delete(callback);
    };
  }, [callback]);
}

/** Holds the tab's socket open while a component needs it (the bell does; another area's live view may too). */
function useConnection() {
  useEffect(() => {
    users += 1;
    if (users === 1) stopConnection = startConnection();
    return () => {
      users -= 1;
      if (users === 0) {
        stopConnection?.();
        stopConnection = null;
      }
    };
  }, []);
}

/**
 * Runs `callback` when the user's socket receives `event` (another area's event, e.g. `message:new`), over the
 * tab's one socket: an area with live updates of its own needs no second connection.
 */
export function useRealtimeEvent(event: string, callback: (payload: unknown) => void) {
  useConnection();
  useEffect(() => {
    let listeners = eventListeners.get(event);
    if (!listeners) eventListeners.set(event, (listeners = new Set()));
    listeners.add(callback);
    return () => {
      listeners.delete(callback);
    };
  }, [event, callback]);
}
