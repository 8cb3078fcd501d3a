import { Link, NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GoBackButton } from "~/components/go-back";
import { LanguageSwitch } from "~/components/language-switch";
import { LogoMark } from "~/components/logo";
import { ThemeSwitch } from "~/components/theme-switch";
import { AnnouncementBar } from "~/shell/public/announcement-bar";
import type { Announcement } from "~/features/content";
import { VerifyEmailBanner } from "~/features/auth";
import { MessagesNavCount } from "~/features/messages";
import { NotificationBell } from "~/features/notifications";
import { navGroupsFor, type Area } from "./nav-items";
import { Sidebar, SidebarProvider, SidebarTrigger, type SidebarGroup } from "./sidebar";
import { SidebarUserCard, UserMenu, type AreaUser } from "./user-menu";

/** The frame of /client and /dashboard: sidebar, header (Go back, switches, bell, user menu) and the page. */
export function AreaLayout({
  area,
  user,
  unread,
  messagesUnread = 0,
  sidebarOpen,
  foldedGroups,
  announcement = null,
}: {
  area: Area;
  user: AreaUser & { enabledFeatures: string[]; emailVerified: boolean };
  unread: number;
  /** Threads with a message the user has not read (0 for staff without the messages feature). */
  messagesUnread?: number;
  sidebarOpen: boolean;
  foldedGroups: string[];
  /** The area's current announcement (audience clients or staff), if any. */
  announcement?: Announcement | null;
}) {
  const { t } = useTranslation();
  const home = area === "client" ? "/client" : "/dashboard";
  const groups: SidebarGroup[] = navGroupsFor(area, user).map((group) => ({
    id: group.id,
    label: group.labelKey ? t(group.labelKey) : undefined,
    items: group.items.map((item) => ({
      to: item.to,
      label: t(item.labelKey),
      icon: item.icon,
      end: item.end,
      badge: item.count === "messages" ? <MessagesNavCount count={messagesUnread} /> : undefined,
    })),
  }));
  const title = (
    <Link to={home} className="flex min-w-0 items-center gap-2 rounded-md font-semibold">
      <LogoMark className="size-7 shrink-0" />
      <span className="truncate group-data-[sidebar-state=collapsed]/sidebar:md:sr-only">{area === "client" ? t("area.clientArea") : t("area.dashboard")}</span>
    </Link>
  );
  const footer = (
    <div className="flex flex-col gap-3">
      <SidebarUserCard user={user} />
      <div className="flex flex-col gap-2 md:hidden">
        <LanguageSwitch />
        <ThemeSwitch />
      </div>
    </div>
  );
  return (
    <SidebarProvider defaultOpen={sidebarOpen} defaultFolded={foldedGroups}>
      <Sidebar title={title} groups={groups} footer={footer} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b bg-background/95 px-2 backdrop-blur sm:gap-2 sm:px-4">
          <SidebarTrigger />
          <GoBackButton />
          <div className="flex-1" />
          <LanguageSwitch compact className="hidden md:flex" />
          <ThemeSwitch className="hidden md:flex" />
          <NotificationBell count={unread} href={`${home}/notifications`} />
          <UserMenu user={user} profileHref={`${home}/profile`} />
        </header>
        {announcement ? <AnnouncementBar key={announcement.id} announcement={announcement} /> : null}
        <NoScriptAreaNav groups={groups} user={user} />
        {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
        <main id="main" tabIndex={-1} className="page-end flex-1 p-4 outline-none [--page-end-room:1rem] sm:p-6 sm:[--page-end-room:1.5rem]">
          <Outlet />
        </main>
      </div>
    </SidebarProvider>
  );
}

/**
 * Without JavaScript the mobile side sheet cannot open: small screens get the
 * same items, switches and Sign out as a plain block under the header instead.
 */
function NoScriptAreaNav({ groups, user }: { groups: SidebarGroup[]; user: AreaUser }) {
  const { t } = useTranslation();
  return (
    <noscript>
      <div className="flex flex-col gap-3 border-b p-3 md:hidden">
        <nav aria-label={t("area.navigation")}>
          <ul className="flex flex-wrap gap-1">
            {groups
              .flatMap((group) => group.items)
              .map(({ to, label, end }) => (
                <li key={to}>
                  <NavLink to={to} end={end} className="noscript-link">
                    {label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <LanguageSwitch />
        <ThemeSwitch />
        <SidebarUserCard user={user} />
      </div>
    </noscript>
  );
}
