import { Form, NavLink, useLocation } from "@remix-run/react";
import type { LucideIcon } from "lucide-react";
import { ChevronDown, PanelLeft } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { RegionErrorBoundary } from "~/components/error-boundary";
import { useIsMobile } from "~/components/shell-hooks";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { cn } from "~/lib/utils";
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_GROUPS_COOKIE, SIDEBAR_SHORTCUT } from "~/lib/sidebar-constants";

/**
 * The collapsible sidebar of /client and /dashboard (shadcn "sidebar" pattern on
 * Radix): 16rem wide, 3rem as icons; Ctrl/Cmd+B toggles it; the state is kept
 * in the `sidebar_state` cookie, which the server reads so the first HTML is
 * right. Under 768 px it opens as a side sheet from the end edge (right in
 * LTR, left in RTL). Without JavaScript the toggle is a form post.
 */
type SidebarContextValue = {
  open: boolean;
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
  /** Menu groups the user folded (remembered in the `sidebar_groups` cookie). */
  foldedGroups: string[];
  setGroupFolded: (id: string, folded: boolean) => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return context;
}

export function SidebarProvider({ defaultOpen, defaultFolded, children }: { defaultOpen: boolean; defaultFolded: string[]; children: React.ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);
  const [foldedGroups, setFoldedGroups] = useState(defaultFolded);

  const setGroupFolded = useCallback((id: string, folded: boolean) => {
    setFoldedGroups((current) => {
      if (current.includes(id) === folded) return current;
      const next = folded ? [...current, id] : current.filter((group) => group !== id);
      document.cookie = `${SIDEBAR_GROUPS_COOKIE}=${encodeURIComponent(next.join(","))}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return next;
    });
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((current) => !current);
      return;
    }
    setOpen((current) => {
      const next = !current;
      document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return next;
    });
  }, [isMobile]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ open, openMobile, isMobile, setOpenMobile, toggle, foldedGroups, setGroupFolded }),
    [open, openMobile, isMobile, toggle, foldedGroups, setGroupFolded],
  );
  return (
    <SidebarContext.Provider value={value}>
      <div data-sidebar-state={open ? "expanded" : "collapsed"} className="group/sidebar flex min-h-svh w-full">
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** The toggle: a button that, without JavaScript, posts to /resources/sidebar to flip the cookie. */
export function SidebarTrigger({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { toggle, open, openMobile, isMobile } = useSidebar();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/resources/sidebar"
      onSubmit={(event) => {
        event.preventDefault();
        toggle();
      }}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Tooltip delayDuration={0}>
        <TooltipTrigger asChild>
          <button
            type="submit"
            data-testid="sidebar-trigger"
            aria-label={t("area.toggleSidebar")}
            aria-expanded={isMobile ? openMobile : open}
            aria-controls={isMobile ? undefined : "area-sidebar"}
            className={cn("inline-flex size-9 items-center justify-center rounded-md hover:bg-muted", className)}
          >
            <PanelLeft aria-hidden className="size-5 rtl:-scale-x-100" />
          </button>
        </TooltipTrigger>
        <TooltipContent>{t("area.toggleSidebar")} (Ctrl/⌘+B)</TooltipContent>
      </Tooltip>
    </Form>
  );
}

/** `badge`: shown after the label (a live count), left out in icon-only mode. */
export type SidebarItem = { to: string; label: string; icon: LucideIcon; end?: boolean; badge?: React.ReactNode };
export type SidebarGroup = { id: string; label?: string; items: SidebarItem[] };

function SidebarLink({ item, collapsed, onNavigate }: { item: SidebarItem; collapsed: boolean; onNavigate?: () => void }) {
  const { to, label, icon: Icon, end, badge } = item;
  const link = (
    <NavLink
      to={to}
      end={end}
      prefetch="intent"
      onClick={onNavigate}
      aria-label={collapsed ? label : undefined}
      className={({ isActive }) => cn("sidebar-link", isActive && "bg-secondary font-semibold text-secondary-foreground", collapsed && "justify-center px-0")}
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      <span className={cn("truncate", collapsed && "sr-only")}>{label}</span>
      {badge && !collapsed ? badge : null}
    </NavLink>
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip>
          <TooltipTrigger asChild>{link}</TooltipTrigger>
          <TooltipContent side="right">{label}</TooltipContent>
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

/**
 * One group of the menu: a heading that folds it (a <details>, so it works without
 * JavaScript); with JavaScript the folded groups are remembered in a cookie. In icon-only
 * mode the groups are lists divided by a rule.
 */
function SidebarGroupSection({
  group,
  collapsed,
  folded,
  onFold,
  onNavigate,
}: {
  group: SidebarGroup;
  collapsed: boolean;
  folded: boolean;
  onFold: (id: string, folded: boolean) => void;
  onNavigate?: () => void;
}) {
  const list = (
    <ul className="flex flex-col gap-1">
      {group.items.map((item) => (
        <SidebarLink key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
    </ul>
  );
  if (!group.label || collapsed) return <li className={cn(collapsed && "border-t pt-1 first:border-t-0 first:pt-0")}>{list}</li>;
  return (
    <li>
      <details open={!folded} onToggle={(event) => onFold(group.id, !event.currentTarget.open)} className="group/section">
        <summary data-testid={`nav-group-${group.id}`} className="sidebar-group">
          {group.label}
          <ChevronDown aria-hidden className="size-3.5 transition-transform group-open/section:rotate-180 motion-reduce:transition-none" />
        </summary>
        <div className="pt-1">{list}</div>
      </details>
    </li>
  );
}

function SidebarNav({ groups, collapsed, onNavigate }: { groups: SidebarGroup[]; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { foldedGroups, setGroupFolded } = useSidebar();
  return (
    <nav aria-label={t("area.navigation")} className="flex-1 overflow-y-auto px-2 py-2">
      <ul className="flex flex-col gap-2">
        {groups.map((group) => (
          <SidebarGroupSection
            key={group.id}
            group={group}
            collapsed={collapsed}
            folded={foldedGroups.includes(group.id)}
            onFold={setGroupFolded}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </nav>
  );
}

export function Sidebar({ title, groups, footer }: { title: React.ReactNode; groups: SidebarGroup[]; footer?: React.ReactNode }) {
  const { t } = useTranslation();
  const { open, openMobile, setOpenMobile } = useSidebar();
  const collapsed = !open;
  return (
    <>
      <aside
        id="area-sidebar"
        data-testid="sidebar"
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "sticky top-0 hidden h-svh shrink-0 flex-col border-e bg-card transition-[width] duration-200 md:flex",
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
        )}
      >
        <div className={cn("flex h-14 items-center gap-2 border-b px-3", collapsed && "justify-center px-0")}>{title}</div>
        <RegionErrorBoundary>
          <SidebarNav groups={groups} collapsed={collapsed} />
        </RegionErrorBoundary>
        {footer && !collapsed ? <div className="border-t p-3">{footer}</div> : null}
      </aside>
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent side="end" closeLabel={t("area.closeSidebar")} data-testid="sidebar-sheet" className="w-(--sidebar-width-mobile) p-0 md:hidden">
          <SheetTitle className="flex h-14 items-center gap-2 border-b px-3">{title}</SheetTitle>
          <SheetDescription className="sr-only">{t("area.navigation")}</SheetDescription>
          <SidebarNav groups={groups} collapsed={false} onNavigate={() => setOpenMobile(false)} />
          {footer ? <div className="border-t p-3">{footer}</div> : null}
        </SheetContent>
      </Sheet>
    </>
  );
}
