import type { LucideIcon } from "lucide-react";
import {
  Bell,
  CalendarClock,
  CalendarDays,
  ClipboardList,
  FileText,
  LayoutDashboard,
  ListChecks,
  Briefcase,
  UserRound,
  Users,
} from "lucide-react";
import { hasFeature, type Feature } from "~/lib/features";

type NavDefinition = { to: string; labelKey: string; icon: LucideIcon; feature?: Feature; end?: boolean };

const CLIENT_NAV: NavDefinition[] = [
  { to: "/client", labelKey: "nav.overview", icon: LayoutDashboard, end: true },
  { to: "/client/services", labelKey: "nav.services", icon: Briefcase },
  { to: "/client/service-orders", labelKey: "nav.serviceOrders", icon: ClipboardList, feature: "service_orders" },
  { to: "/client/appointments", labelKey: "nav.appointments", icon: CalendarClock, feature: "appointments" },
  { to: "/client/reports", labelKey: "nav.reports", icon: FileText, feature: "reports" },
  { to: "/client/notifications", labelKey: "nav.notifications", icon: Bell },
  { to: "/client/profile", labelKey: "nav.profile", icon: UserRound },
];

const DASHBOARD_NAV: NavDefinition[] = [
  { to: "/dashboard", labelKey: "nav.overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/service-orders", labelKey: "nav.serviceOrders", icon: ClipboardList },
  { to: "/dashboard/service-tracker", labelKey: "nav.serviceTracker", icon: ListChecks },
  { to: "/dashboard/appointments", labelKey: "nav.appointments", icon: CalendarClock },
  { to: "/dashboard/calendar", labelKey: "nav.calendar", icon: CalendarDays },
  { to: "/dashboard/reports", labelKey: "nav.reports", icon: FileText },
  { to: "/dashboard/clients", labelKey: "nav.clients", icon: Users },
  { to: "/dashboard/notifications", labelKey: "nav.notifications", icon: Bell },
  { to: "/dashboard/profile", labelKey: "nav.profile", icon: UserRound },
];

export type Area = "client" | "dashboard";

/** The sidebar items of an area; client items whose feature the user lacks are left out. */
export function navItemsFor(area: Area, user: { role: string; enabledFeatures: readonly string[] }) {
  const items = area === "client" ? CLIENT_NAV : DASHBOARD_NAV;
  return items.filter((item) => !item.feature || hasFeature(user, item.feature));
}
