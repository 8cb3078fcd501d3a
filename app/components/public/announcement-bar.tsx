import { useFetcher, useLocation } from "@remix-run/react";
import { Megaphone, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Announcement } from "~/features/content/content";

/**
 * The current announcement. Dismissing it posts to a resource route that
 * remembers the choice in a cookie: with JavaScript the bar goes at once,
 * without it the form post reloads the page without the bar.
 */
export function AnnouncementBar({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation("public");
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <div role="region" aria-label={t("announcement.label")} className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 text-sm">
        <Megaphone aria-hidden className="size-4 shrink-0" />
        <p className="flex-1">
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
        <fetcher.Form method="post" action="/resources/announcement/dismiss">
          <input type="hidden" name="id" value={announcement.id} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" className="inline-flex size-8 items-center justify-center rounded hover:bg-primary-foreground/15">
            <X aria-hidden className="size-4" />
            <span className="sr-only">{t("announcement.dismiss")}</span>
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
