import type { DB } from "~/lib/db/connection.server";

/**
 * How an area tells someone something. A notification is stored with its title and body as
 * i18n keys ("orders:notifications.statusChanged.title") and language-neutral parameters, so
 * each reader sees it in their own language and zone. The notifications area delivers it (the
 * row, the live push, the e-mail copy) and registers itself here at start-up: the areas below
 * it call `notify` without importing it.
 */
export type NotifyInput = {
  userId: string;
  /** Who caused the event: nobody is notified of what they did themselves (a receipt by e-mail is the caller's to send). */
  actorId?: string | null;
  type: string;
  titleKey: string;
  bodyKey?: string | null;
  params?: Record<string, string | number>;
  link?: string | null;
  broadcastId?: string | null;
  /** Also send a copy by e-mail, in the recipient's language (for events that deserve one). */
  email?: boolean;
};

export type NotifyOptions = {
  /** The caller's open transaction: SQLite has one connection, and a query outside it would wait for it forever. */
  db?: DB;
};

/** Delivers one notification: its id, or null when the recipient is the one who acted. */
export type Notifier = (input: NotifyInput, options?: NotifyOptions) => Promise<string | null>;

let registered: Notifier | undefined;

/** Called once at start-up by the composition root with the notifications area's `notify`. */
export function registerNotifier(notifier: Notifier): void {
  registered = notifier;
}

/**
 * Notifies one user: stores the notification, pushes it live, and e-mails a copy when asked;
 * nothing (null) when the user is the one who acted. Inside a transaction, pass it (`{ db: trx }`).
 */
export function notify(input: NotifyInput & { actorId?: undefined }, options?: NotifyOptions): Promise<string>;
export function notify(input: NotifyInput, options?: NotifyOptions): Promise<string | null>;
export function notify(input: NotifyInput, options?: NotifyOptions): Promise<string | null> {
  if (!registered) return Promise.reject(new Error("No notifier is registered: the start-up registers the notifications area's notify"));
  return registered(input, options);
}
