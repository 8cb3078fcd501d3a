import { Link } from "@remix-run/react";
import { Check } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { LoadingPlaceholder } from "~/components/ui/skeleton";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useFormatter } from "~/lib/format";
import type { NotificationView } from "./notifications.schema";
import { adjustUnread, resetUnread, useNotificationArrivals } from "./use-live-notifications";

const PANEL_SIZE = 5;

type State = { status: "loading" } | { status: "failed" } | { status: "ready"; notifications: NotificationView[] };

/** The latest few notifications, in the bell's pop-over (JavaScript only; the bell is a link otherwise). */
export function NotificationPanel({ href, onNavigate }: { href: string; onNavigate: () => void }) {
  const { t } = useTranslation("notifications");
  const format = useFormatter();
  const [state, setState] = useState<State>({ status: "loading" });

  const load = useCallback(async () => {
    try {
      const response = await fetch(`/api/notifications?limit=${PANEL_SIZE}`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const data = (await response.json()) as { notifications: NotificationView[] };
      setState({ status: "ready", notifications: data.notifications });
    } catch (error) {
      console.warn("Could not load notifications:", error);
      setState({ status: "failed" });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  useNotificationArrivals(useCallback(() => void load(), [load]));

  async function markRead(id: string) {
    const response = await fetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "PUT" }).catch(() => null);
    if (!response?.ok) {
      toast.error(t("toast.markFailed"));
      return;
    }
    adjustUnread(-1);
    setState((current) =>
      current.status === "ready" ? { ...current, notifications: current.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)) } : current,
    );
  }

  async function markAllRead() {
    const response = await fetch("/api/notifications/read-all", { method: "PUT" }).catch(() => null);
    if (!response?.ok) {
      toast.error(t("toast.markAllFailed"));
      return;
    }
    const { count } = (await response.json()) as { count: number };
    resetUnread(0);
    toast.success(t("toast.marked", { count }));
    setState((current) => (current.status === "ready" ? { ...current, notifications: current.notifications.map((n) => ({ ...n, read: true })) } : current));
  }

  const hasUnread = state.status === "ready" && state.notifications.some((n) => !n.read);

  return (
    <div className="flex max-h-[70vh] flex-col">
      <div className="flex items-center justify-between gap-2 border-b p-3">
        <h2 className="text-sm font-semibold">{t("panel.title")}</h2>
        {hasUnread ? (
          <Button variant="ghost" size="sm" onClick={() => void markAllRead()}>
            {t("actions.markAllRead")}
          </Button>
        ) : null}
      </div>
      <div className="overflow-y-auto" aria-live="polite" aria-busy={state.status === "loading"}>
        {state.status === "loading" ? <LoadingPlaceholder shape="list-item" count={3} className="p-3" /> : null}
        {state.status === "failed" ? <p className="p-4 text-sm text-destructive">{t("panel.loadFailed")}</p> : null}
        {state.status === "ready" && state.notifications.length === 0 ? <p className="p-4 text-sm text-muted-foreground">{t("panel.empty")}</p> : null}
        {state.status === "ready" && state.notifications.length > 0 ? (
          <ul className="divide-y">
            {state.notifications.map((notification) => (
              <li key={notification.id} className="flex items-start gap-3 p-3" data-testid="panel-notification">
                <span
                  aria-hidden
                  className={
                    notification.read ? "mt-1.5 size-2 shrink-0 rounded-full border border-muted-foreground" : "mt-1.5 size-2 shrink-0 rounded-full bg-primary"
                  }
                />
                <div className="min-w-0 flex-1 text-sm">
                  <p className={notification.read ? "text-muted-foreground" : "font-semibold"}>
                    <span className="sr-only">{t(notification.read ? "status.read" : "status.unread")}: </span>
                    {notification.link ? (
                      <Link to={notification.link} onClick={onNavigate} className="hover:underline">
                        {notification.title}
                      </Link>
                    ) : (
                      notification.title
                    )}
                  </p>
                  {notification.body ? <p className="line-clamp-2 text-muted-foreground">{notification.body}</p> : null}
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={notification.createdAt}>{format.dateTime(notification.createdAt)}</time>
                  </p>
                </div>
                {!notification.read ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    onClick={() => void markRead(notification.id)}
                    aria-label={t("actions.markRead")}
                    title={t("actions.markRead")}
                  >
                    <Check aria-hidden />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="border-t p-2">
        <Button asChild variant="link" className="w-full">
          <Link to={href} onClick={onNavigate}>
            {t("actions.viewAll")}
          </Link>
        </Button>
      </div>
    </div>
  );
}
