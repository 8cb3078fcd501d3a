import type { LucideIcon } from "lucide-react";
import {
  ArrowLeftRight,
  Bell,
  Briefcase,
  CalendarClock,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  FileText,
  Globe,
  Inbox,
  Languages,
  LayoutDashboard,
  ListChecks,
  ListTodo,
  Mails,
  PanelsTopLeft,
  Receipt,
  ScanText,
  ScrollText,
  UserRound,
  Users,
  Images,
  Megaphone,
  MessageCircleQuestion,
  MessagesSquare,
  Quote,
} from "lucide-react";
import { canUseBackOffice, hasFeature, type BackOfficeAccess, type ClientFeature } from "~/lib/features";

/**
 * The menus of the two areas, in one place. The dashboard's are grouped; a group
 * with nothing the user may open is left out, and only screens that exist are listed.
 * A new screen adds its line to its group here (and its access check in its loader).
 */
/** `count`: the item shows a live count beside its label (the layout's loader gives it). */
export type NavItemDefinition = { to: string; labelKey: string; icon: LucideIcon; end?: boolean; count?: "messages" };
type DashboardItem = NavItemDefinition & { access?: BackOfficeAccess };
type ClientItem = NavItemDefinition & { feature?: ClientFeature };
type Group<Item> = { id: string; labelKey?: string; items: Item[] };

export type NavGroupId = "overview" | "work" | "clients" | "translation" | "website" | "finance" | "settings";

const DASHBOARD_NAV: Array<Group<DashboardItem> & { id: NavGroupId }> = [
  { id: "overview", items: [{ to: "/dashboard", labelKey: "nav.overview", icon: LayoutDashboard, end: true }] },
  {
    id: "work",
    labelKey: "nav.groups.work",
    items: [
      { to: "/dashboard/service-orders", labelKey: "nav.serviceOrders", icon: ClipboardList, access: "admin" },
      { to: "/dashboard/service-tracker", labelKey: "nav.serviceTracker", icon: ListChecks, access: "admin" },
      { to: "/dashboard/appointments", labelKey: "nav.appointments", icon: CalendarClock, access: "admin" },
      { to: "/dashboard/calendar", labelKey: "nav.calendar", icon: CalendarDays, access: "admin" },
      { to: "/dashboard/reports", labelKey: "nav.reports", icon: FileText, access: "admin" },
      { to: "/dashboard/tasks", labelKey: "nav.tasks", icon: ListTodo, access: "tasks" },
      { to: "/dashboard/requests", labelKey: "nav.requests", icon: ClipboardCheck, access: "requests" },
    ],
  },
  {
    id: "clients",
    labelKey: "nav.groups.clients",
    items: [
      { to: "/dashboard/clients", labelKey: "nav.clients", icon: Users, access: "admin" },
      { to: "/dashboard/messages", labelKey: "nav.messages", icon: MessagesSquare, access: "messages", count: "messages" },
      { to: "/dashboard/inbox", labelKey: "nav.inbox", icon: Inbox, access: "inbox" },
      { to: "/dashboard/notifications", labelKey: "nav.notifications", icon: Bell },
    ],
  },
  {
    id: "translation",
    labelKey: "nav.groups.translation",
    items: [
      { to: "/dashboard/translations", labelKey: "nav.translations", icon: Languages, access: "translations" },
      { to: "/dashboard/translation", labelKey: "nav.translationTool", icon: ArrowLeftRight, access: "translations" },
      { to: "/dashboard/document-extractor", labelKey: "nav.documentExtractor", icon: ScanText, access: "document_extractor" },
    ],
  },
  {
    id: "website",
    labelKey: "nav.groups.website",
    items: [
      { to: "/dashboard/content", labelKey: "nav.content", icon: PanelsTopLeft, access: "admin" },
      { to: "/dashboard/services", labelKey: "nav.services", icon: Briefcase, access: "admin" },
      { to: "/dashboard/faqs", labelKey: "nav.faqs", icon: MessageCircleQuestion, access: "admin" },
      { to: "/dashboard/testimonials", labelKey: "nav.testimonials", icon: Quote, access: "admin" },
      { to: "/dashboard/logos", labelKey: "nav.logos", icon: Images, access: "admin" },
      { to: "/dashboard/announcements", labelKey: "nav.announcements", icon: Megaphone, access: "admin" },
    ],
  },
  {
    id: "finance",
    labelKey: "nav.groups.finance",
    items: [{ to: "/dashboard/invoices", labelKey: "nav.invoices", icon: Receipt, access: "admin" }],
  },
  {
    id: "settings",
    labelKey: "nav.groups.settings",
    items: [
      { to: "/dashboard/profile", labelKey: "nav.profile", icon: UserRound },
      { to: "/dashboard/audit-log", labelKey: "nav.auditLog", icon: ScrollText, access: "owner" },
      { to: "/dashboard/templates", labelKey: "nav.templates", icon: Mails, access: "admin" },
      { to: "/dashboard/languages", labelKey: "nav.languages", icon: Globe, access: "admin" },
    ],
  },
];

const CLIENT_NAV: Array<Group<ClientItem>> = [
  {
    id: "client",
    items: [
      { to: "/client", labelKey: "nav.overview", icon: LayoutDashboard, end: true },
      { to: "/client/messages", labelKey: "nav.messages", icon: MessagesSquare, count: "messages" },
      { to: "/client/requests", labelKey: "nav.firmRequests", icon: ClipboardCheck },
      { to: "/client/services", labelKey: "nav.services", icon: Briefcase },
      { to: "/client/service-orders", labelKey: "nav.serviceOrders", icon: ClipboardList, feature: "service_orders" },
      { to: "/client/appointments", labelKey: "nav.appointments", icon: CalendarClock, feature: "appointments" },
      { to: "/client/reports", labelKey: "nav.reports", icon: FileText, feature: "reports" },
      { to: "/client/invoices", labelKey: "nav.invoices", icon: Receipt },
      { to: "/client/notifications", labelKey: "nav.notifications", icon: Bell },
      { to: "/client/profile", labelKey: "nav.profile", icon: UserRound },
    ],
  },
];

export type Area = "client" | "dashboard";
export type NavGroup = { id: string; labelKey?: string; items: NavItemDefinition[] };

type NavUser = { role: string; enabledFeatures: readonly string[] };

/** The groups of an area as this user sees them: items they may not open and empty groups left out. */
export function navGroupsFor(area: Area, user: NavUser): NavGroup[] {
  const groups: NavGroup[] =
    area === "client"
      ? CLIENT_NAV.map((group) => ({ ...group, items: group.items.filter((item) => !item.feature || hasFeature(user, item.feature)) }))
      : DASHBOARD_NAV.map((group) => ({ ...group, items: group.items.filter((item) => canUseBackOffice(user, item.access)) }));
  return groups.filter((group) => group.items.length > 0);
}
