import { findNextAppointment } from "~/features/appointments/appointments.server";
import { getCurrentAnnouncement } from "~/features/content/content.server";
import { countNewContactMessages } from "~/features/inbox/inbox.server";
import { countReportsAwaitingFeedback, countUnreadReports } from "~/features/reports/reports.server";
import { isLanguage, fallbackLanguage } from "~/lib/i18n/config";
import { listOpenOrdersForClient, countOrdersByStatus, countOrdersCreatedSince, type OrderListItem } from "./service-orders.server";
import type { OrderStatus } from "./status";

/**
 * Read-only summaries for the two home pages. The appointments, announcements
 * and contact messages belong to other areas: their figures come from those
 * areas' functions.
 */
export type ClientOverview = {
  nextAppointment: { id: string; reference: string; startsAt: string; status: string; serviceTitle: string } | null;
  openOrders: { total: number; orders: OrderListItem[] };
  unreadReports: number;
  announcement: { message: string; linkUrl: string | null } | null;
};

export async function getClientOverview(clientId: string, language: string): Promise<ClientOverview> {
  const [appointment, openOrders, unreadReports, announcement] = await Promise.all([
    findNextAppointment(clientId, language),
    listOpenOrdersForClient(clientId, language),
    countUnreadReports(clientId),
    getCurrentAnnouncement(isLanguage(language) ? language : fallbackLanguage, new Date(), "clients"),
  ]);
  return {
    nextAppointment: appointment
      ? { id: appointment.id, reference: appointment.reference, startsAt: appointment.startsAt, status: appointment.status, serviceTitle: appointment.serviceTitle }
      : null,
    openOrders,
    unreadReports,
    announcement: announcement ? { message: announcement.message, linkUrl: announcement.linkUrl } : null,
  };
}

export type DashboardStats = {
  ordersByStatus: Record<OrderStatus, number>;
  newOrdersThisWeek: number;
  unreadContactMessages: number;
  reportsAwaitingFeedback: number;
};

/** Monday 00:00 UTC of the current week. */
export function startOfWeekUtc(now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = (day.getUTCDay() + 6) % 7; // Monday = 0
  day.setUTCDate(day.getUTCDate() - weekday);
  return day.toISOString();
}

export async function getDashboardStats(): Promise<DashboardStats> {
  const [ordersByStatus, newOrdersThisWeek, unreadContactMessages, reportsAwaitingFeedback] = await Promise.all([
    countOrdersByStatus(),
    countOrdersCreatedSince(startOfWeekUtc()),
    countNewContactMessages(),
    countReportsAwaitingFeedback(),
  ]);
  return { ordersByStatus, newOrdersThisWeek, unreadContactMessages, reportsAwaitingFeedback };
}
