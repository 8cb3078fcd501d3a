import * as Popover from "@radix-ui/react-popover";
import { Link } from "@remix-run/react";
import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { useState } from "react";
import { cn } from "~/lib/utils";
import { NotificationPanel } from "./notification-panel";
import { useLiveUnreadCount } from "./use-live-notifications";

const triggerClasses =
  "relative inline-flex size-10 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * The bell in the area header. The unread count is in the server's HTML; once
 * the page is interactive it stays live (socket + 30 s poll) and opens a panel
 * of the latest notifications. Without JavaScript it is a link to the full page.
 */
export function NotificationBell({ count, href, className }: { count: number; href: string; className?: string }) {
  const { t } = useTranslation("notifications");
  const unread = useLiveUnreadCount(count);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const label = t("bell.label", { count: unread });
  const badge =
    unread > 0 ? (
      <span
        data-testid="unread-count"
        className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-xs font-semibold text-destructive-foreground"
      >
        {unread > 99 ? "99+" : unread}
      </span>
    ) : null;

  if (!hydrated) {
    return (
      <Link to={href} className={cn(triggerClasses, className)} aria-label={label}>
        <Bell aria-hidden className="size-5" />
        {badge}
      </Link>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={cn(triggerClasses, className)} aria-label={label}>
        <Bell aria-hidden className="size-5" />
        {badge}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border bg-popover text-popover-foreground shadow-lg outline-none"
        >
          <NotificationPanel href={href} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
