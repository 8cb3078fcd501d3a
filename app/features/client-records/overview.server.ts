import { findNextAppointment } from "~/features/appointments/index.server";
import { countNewContactMessages } from "~/features/inbox/index.server";
import { countReportsAwaitingFeedback, countUnreadReports } from "~/features/reports/index.server";
import { forgetStatistics } from "~/features/statistics/index.server";
import { defineCache, scopeKey } from "~/core/cache.server";
import { db } from "~/lib/db/db.server";
import { listOpenOrdersForClient, countOrdersCreatedSince, type OrderListItem } from "~/features/service-orders/index.server";

/**
 * Read-only summaries for the two home pages (the announcement is the client area layout's).
 * The appointments and contact messages belong to other areas: their figures come from those
 * areas' functions.
 */
export type ClientOverview = {
  nextAppointment: { id: string; reference: string; startsAt: string; status: string; serviceTitle: string } | null;
  openOrders: { total: number; orders: OrderListItem[] };
  unreadReports: number;
};

export async function getClientOverview(clientId: string, language: string): Promise<ClientOverview> {
  const [appointment, openOrders, unreadReports] = await Promise.all([
    findNextAppointment(clientId, language),
    listOpenOrdersForClient(clientId, language),
    countUnreadReports(clientId),
  ]);
  return {
    nextAppointment: appointment
      ? {
          id: appointment.id,
          reference: appointment.reference,
          startsAt: appointment.startsAt,
          status: appointment.status,
          serviceTitle: appointment.serviceTitle,
        }
      : null,
    openOrders,
    unreadReports,
  };
}

export type DashboardStats = {
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

/**
 * The admin dashboard's tiles, as fast with 100,000 orders as with ten. Each is a count over one index range:
 * this week's orders (service_orders_created_idx), new contact messages (their status index),
 * reports awaiting feedback (reports_feedback_idx, the rows without feedback). Those that still
 * grow with their table (awaiting feedback) are read at most every `STATS_TTL_MS` per process
 * and database: the figures are kept that long (concurrent requests share one read), and
 * `forgetDashboardStats()` empties them (on every instance, with Redis) when an order changes on
 * the tracker. A change made by another area shows within 30 seconds.
 */
export const STATS_TTL_MS = 30_000;

const statsCache = defineCache<DashboardStats>({ name: "dashboard-stats", ttlMs: STATS_TTL_MS });

/** Empties the cached dashboard figures. */
export function forgetDashboardStats(): void {
  statsCache.invalidate();
  forgetStatistics();
}

export function getDashboardStats(now = Date.now()): Promise<DashboardStats> {
  return statsCache.get(scopeKey(db()), () => readDashboardStats(new Date(now)), { now });
}

async function readDashboardStats(now: Date): Promise<DashboardStats> {
  const [newOrdersThisWeek, unreadContactMessages, reportsAwaitingFeedback] = await Promise.all([
    countOrdersCreatedSince(startOfWeekUtc(now)),
    countNewContactMessages(),
    countReportsAwaitingFeedback(),
  ]);
  return { newOrdersThisWeek, unreadContactMessages, reportsAwaitingFeedback };
}
