import { Link } from "@remix-run/react";
import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * The bell in the area header, with the unread count already in the server's HTML.
 * (The notifications area makes it live and adds the panel.)
 */
export function NotificationBell({ count, href }: { count: number; href: string }) {
  const { t } = useTranslation("notifications");
  return (
    <Link
      to={href}
      className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-muted"
      aria-label={t("bell.label", { count })}
    >
      <Bell aria-hidden className="size-5" />
      {count > 0 ? (
        <span data-testid="unread-count" className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-xs font-semibold text-destructive-foreground">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
