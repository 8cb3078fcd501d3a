import { Pagination } from "~/components/ui/pagination";
import { Form, Link, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { BellOff, Check, CircleDot, Trash2 } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { useFormatter } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { NotificationCenterData } from "./http.server";
import { FILTERS, type Filter } from "./notifications.schema";
import { useLiveUnreadCount, useNotificationArrivals } from "./use-live-notifications";

/** A list URL with another filter or page, keeping the rest of the query. */
function listHref({ pathname, search }: { pathname: string; search: string }, change: { filter?: Filter; page?: number; confirm?: boolean }): string {
  const params = new URLSearchParams(search);
  params.delete("confirm");
  params.delete("index");
  if (change.filter !== undefined) {
    if (change.filter === "all") params.delete("filter");
    else params.set("filter", change.filter);
    params.delete("page");
  }
  if (change.page !== undefined) {
    if (change.page > 1) params.set("page", String(change.page));
    else params.delete("page");
  }
  if (change.confirm) params.set("confirm", "delete-all");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The full notification page of both areas: filters, 20 per page, mark one,
 * mark all, delete one, delete all (after a confirmation step). Every button
 * is a plain form, so it all works without JavaScript.
 */
export function NotificationCenter({ data, heading, description }: { data: NotificationCenterData; heading: string; description: string }) {
  const { t } = useTranslation("notifications");
  const format = useFormatter();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const unread = useLiveUnreadCount(data.unread);
  const busy = navigation.state !== "idle";

  // A notification arriving while this page is open joins the list at once.
  useNotificationArrivals(useCallback(() => revalidator.revalidate(), [revalidator]));

  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (data.confirmDeleteAll) confirmRef.current?.focus();
  }, [data.confirmDeleteAll]);

  return (
    <section data-testid="notification-center" aria-labelledby="notifications-heading" className="flex flex-col gap-5">
      <PageHeader
        title={<span id="notifications-heading">{heading}</span>}
        description={description}
        actions={
          <p className="rounded-full border px-3 py-1 text-sm">
            {t("unreadCountLabel")}{" "}
            <span data-testid="unread-count" className="font-semibold tabular-nums">
              {unread}
            </span>
          </p>
        }
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("filters.label")}>
          <ul className="inline-flex rounded-md border p-0.5">
            {FILTERS.map((filter) => (
              <li key={filter}>
                <Link
                  to={listHref(location, { filter })}
                  aria-current={data.filter === filter ? "page" : undefined}
                  className={cn(
                    "inline-flex h-8 items-center rounded px-3 text-sm font-medium",
                    data.filter === filter ? "bg-primary text-primary-foreground" : "hover:bg-muted",
                  )}
                >
                  {t(`filters.${filter}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="markAllRead" />
            <Button type="submit" variant="outline" size="sm" disabled={unread === 0 || busy}>
              <Check aria-hidden />
              {t("actions.markAllRead")}
            </Button>
          </Form>
          {data.links.total > 0 ? (
            <Button asChild variant="outline" size="sm">
              <Link to={listHref(location, { confirm: true })} preventScrollReset>
                <Trash2 aria-hidden />
                {t("actions.deleteAll")}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      {data.confirmDeleteAll ? (
        <div
          role="alertdialog"
          aria-labelledby="confirm-delete-all"
          aria-describedby="confirm-delete-all-text"
          className="rounded-lg border border-destructive/50 bg-destructive/5 p-4"
        >
          <h2 id="confirm-delete-all" ref={confirmRef} tabIndex={-1} className="font-semibold outline-none">
            {t("confirmDeleteAll.title")}
          </h2>
          <p id="confirm-delete-all-text" className="mt-1 text-sm">
            {t("confirmDeleteAll.description")}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="deleteAll" />
              <input type="hidden" name="confirm" value="yes" />
              <Button type="submit" variant="destructive" size="sm" disabled={busy}>
                {t("actions.confirmDeleteAll")}
              </Button>
            </Form>
            <Button asChild variant="outline" size="sm">
              <Link to={listHref(location, {})} preventScrollReset>
                {t("actions.cancel")}
              </Link>
            </Button>
          </div>
        </div>
      ) : null}

      {data.notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          <BellOff aria-hidden className="size-6" />
          <p>{t(`empty.${data.filter}`)}</p>
        </div>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border bg-card" data-testid="notification-list">
          {data.notifications.map((notification) => (
            <li key={notification.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start" data-testid="notification-item">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone={notification.read ? "quiet" : "primary"} icon={notification.read ? Check : CircleDot}>
                    {t(notification.read ? "status.read" : "status.unread")}
                  </Badge>
                  <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
                    {format.dateTime(notification.createdAt)}
                  </time>
                </p>
                <h2 className={cn("mt-1 text-base", notification.read ? "font-medium" : "font-semibold")}>
                  {notification.link ? (
                    <Link to={notification.link} className="hover:underline">
                      {notification.title}
                    </Link>
                  ) : (
                    notification.title
                  )}
                </h2>
                {notification.body ? <p className="mt-0.5 whitespace-pre-line text-sm text-muted-foreground">{notification.body}</p> : null}
              </div>
              {/* One form per notification: the pressed button says what to do with it. */}
              <Form method="post" className="flex shrink-0 gap-2">
                <input type="hidden" name="id" value={notification.id} />
                {!notification.read ? (
                  <Button type="submit" name="intent" value="markRead" variant="outline" size="sm" disabled={busy}>
                    <Check aria-hidden />
                    {t("actions.markRead")}
                  </Button>
                ) : null}
                <Button type="submit" name="intent" value="delete" variant="ghost" size="sm" disabled={busy}>
                  <Trash2 aria-hidden />
                  {t("actions.delete")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <Pagination {...data.links} />
    </section>
  );
}
