import { useFetcher, useLocation } from "@remix-run/react";
import { AlertOctagon, AlertTriangle, Megaphone, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Announcement } from "~/features/content";
import { cn } from "~/lib/utils";

const LEVEL_STYLE = {
  info: { icon: Megaphone, className: "bg-primary text-primary-foreground", close: "hover:bg-primary-foreground/15" },
  warning: { icon: AlertTriangle, className: "border-b-2 border-warning bg-warning/15 text-foreground", close: "hover:bg-foreground/10" },
  critical: { icon: AlertOctagon, className: "bg-destructive text-destructive-foreground", close: "hover:bg-destructive-foreground/15" },
} as const;

/**
 * The current announcement, on the public site, in the client area and in the dashboard. Its level
 * shows by colour, icon and word (never colour alone). A dismissible one can be closed: the form
 * posts to a resource route that remembers the choice in a cookie; with JavaScript the bar goes at
 * once, without it the form post reloads the page without the bar.
 */
export function AnnouncementBar({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  const style = LEVEL_STYLE[announcement.level] ?? LEVEL_STYLE.info;
  const Icon = style.icon;
  return (
    <div role="region" aria-label={t("announcement.label")} data-level={announcement.level} data-testid="announcement-bar" className={style.className}>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 text-sm">
        <Icon aria-hidden className="size-4 shrink-0" />
        <p className="flex-1">
          {announcement.level === "info" ? null : <span className="font-semibold">{t(`announcement.levels.${announcement.level}`)} </span>}
          {announcement.message}
          {announcement.linkUrl ? (
            <>
              {" "}
              <a href={announcement.linkUrl} className="font-semibold underline underline-offset-4">
                {t("announcement.more")}
              </a>
            </>
          ) : null}
        </p>
        {announcement.dismissible ? (
          <fetcher.Form method="post" action="/resources/announcement/dismiss">
            <input type="hidden" name="id" value={announcement.id} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className={cn("inline-flex size-8 items-center justify-center rounded", style.close)}>
              <X aria-hidden className="size-4" />
              <span className="sr-only">{t("announcement.dismiss")}</span>
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </div>
  );
}
