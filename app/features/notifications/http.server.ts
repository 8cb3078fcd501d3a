import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { SessionUser } from "~/core/identity/session-user.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { logger } from "~/lib/logger.server";
import { pageLinks, parseListQuery } from "~/lib/pagination";
import { redirectWithToast } from "~/lib/toast.server";
import {
  countUnread,
  deleteAllNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "./notifications.server";
import { FILTERS, NOTIFICATION_PAGE_SIZE, NotificationActionSchema, readFlagOf } from "./notifications.schema";

/**
 * The page door of the notification centre (the one module of the area that builds
 * responses): what /client/notifications and /dashboard/notifications share, the loader's
 * data and the action behind their buttons (plain forms, so they work without JavaScript).
 * They call the same functions as the JSON API.
 */
export async function loadNotificationCenter(request: Request, user: SessionUser) {
  const url = new URL(request.url);
  const { filter = "all", page, after, before } = parseListQuery(url, { filters: { filter: z.enum(FILTERS) } });
  const language = await getLanguage(request);
  const [result, unread] = await Promise.all([
    listNotifications(user.id, { page, perPage: NOTIFICATION_PAGE_SIZE, after, before, read: readFlagOf(filter) }, language),
    countUnread(user.id),
  ]);
  // After deleting the last row of the last page, show the page before it.
  if (page > result.pageCount && !after && !before) throw redirect(centerUrl(url, { page: result.pageCount }));
  return {
    notifications: result.items,
    links: pageLinks(result),
    filter,
    unread,
    confirmDeleteAll: url.searchParams.get("confirm") === "delete-all" && result.total > 0,
  };
}

export type NotificationCenterData = Awaited<ReturnType<typeof loadNotificationCenter>>;

/** The same list URL with other paging (the `confirm` step dropped). */
export function centerUrl(url: URL, change: { page?: number } = {}): string {
  const search = new URLSearchParams(url.searchParams);
  search.delete("confirm");
  search.delete("index");
  if (change.page !== undefined) {
    search.delete("after");
    search.delete("before");
    if (change.page > 1) search.set("page", String(change.page));
    else search.delete("page");
  }
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

const FAILURES = {
  markRead: "notifications:toast.markFailed",
  markAllRead: "notifications:toast.markAllFailed",
  delete: "notifications:toast.deleteFailed",
  deleteAll: "notifications:toast.deleteAllFailed",
} as const;

/** Mark one, mark all, delete one, delete all (confirmed): each acts on the caller's rows only. */
export async function handleNotificationAction(request: Request, user: SessionUser, formData: FormData): Promise<Response> {
  const back = centerUrl(new URL(request.url));
  const intent = String(formData.get("intent") ?? "");
  const failure = FAILURES[intent as keyof typeof FAILURES] ?? FAILURES.markRead;
  const fail = () => redirectWithToast(back, { type: "error", message: failure });

  const submission = parseWithZod(formData, { schema: NotificationActionSchema });
  if (submission.status !== "success") return fail();
  const input = submission.value;
  try {
    switch (input.intent) {
      case "markRead": {
        const notification = await markNotificationRead(user.id, input.id, await getLanguage(request));
        if (!notification) return fail();
        return redirectWithToast(back, { type: "success", message: "notifications:toast.marked", params: { count: 1 } });
      }
      case "markAllRead": {
        const count = await markAllNotificationsRead(user.id);
        return redirectWithToast(back, { type: "success", message: "notifications:toast.marked", params: { count } });
      }
      case "delete": {
        if (!(await deleteNotification(user.id, input.id))) return fail();
        return redirectWithToast(back, { type: "success", message: "notifications:toast.deleted" });
      }
      case "deleteAll": {
        const count = await deleteAllNotifications(user.id);
        return redirectWithToast(back, { type: "success", message: "notifications:toast.deletedAll", params: { count } });
      }
    }
  } catch (error) {
    logger.error({ err: error, intent }, "a notification action failed");
    return fail();
  }
}
