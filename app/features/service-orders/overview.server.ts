import { db } from "~/lib/db/db.server";
import { ACTIVE_APPOINTMENT_STATUSES } from "~/features/appointments/status";
import { countReportsAwaitingFeedback, countUnreadReports } from "~/features/reports/reports.server";
import { listOpenOrdersForClient, countOrdersByStatus, countOrdersCreatedSince, type OrderListItem } from "./service-orders.server";
import type { OrderStatus } from "./status";

/**
 * Read-only summaries for the two home pages. The appointments, announcements
 * and contact_messages tables belong to other areas: they are only read here,
 * for counts and the one next item.
 */
export type ClientOverview = {
  nextAppointment: { id: string; reference: string; startsAt: string; status: string; serviceTitle: string } | null;
  openOrders: { total: number; orders: OrderListItem[] };
  unreadReports: number;
  announcement: { message: string; linkUrl: string | null } | null;
};

export async function getClientOverview(clientId: string, language: string): Promise<ClientOverview> {
  const now = new Date().toISOString();
  const appointment = await db()
    .selectFrom("appointments as ap")
    .innerJoin("services as s", "s.id", "ap.serviceId")
    .leftJoin("serviceTranslations as tr", (join) => join.onRef("tr.serviceId", "=", "s.id").on("tr.locale", "=", language))
    .select((eb) => ["ap.id", "ap.reference", "ap.startsAt", "ap.status", eb.fn.coalesce("tr.title", "s.key").as("serviceTitle")])
    .where("ap.clientId", "=", clientId)
    .where("ap.status", "in", [...ACTIVE_APPOINTMENT_STATUSES])
    .where("ap.startsAt", ">=", now)
    .orderBy("ap.startsAt", "asc")
    .limit(1)
    .executeTakeFirst();
  const announcementRow = await db()
    .selectFrom("announcements")
    .select(["i18n", "linkUrl"])
    .where("active", "=", true)
    .where("audience", "=", "clients")
    .where((eb) => eb.or([eb("startsAt", "is", null), eb("startsAt", "<=", now)]))
    .where((eb) => eb.or([eb("endsAt", "is", null), eb("endsAt", ">", now)]))
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  const localized = announcementRow?.i18n[language as "en"] ?? announcementRow?.i18n.en;
  return {
    nextAppointment: appointment ?? null,
    openOrders: await listOpenOrdersForClient(clientId, language),
    unreadReports: await countUnreadReports(clientId),
    announcement: localized?.message ? { message: localized.message, linkUrl: announcementRow?.linkUrl ?? null } : null,
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
  const { count } = await db()
    .selectFrom("contactMessages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return {
    ordersByStatus: await countOrdersByStatus(),
    newOrdersThisWeek: await countOrdersCreatedSince(startOfWeekUtc()),
    unreadContactMessages: Number(count),
    reportsAwaitingFeedback: await countReportsAwaitingFeedback(),
  };
}
