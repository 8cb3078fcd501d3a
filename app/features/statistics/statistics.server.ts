import { countAppointmentsPerPeriod } from "~/features/appointments/index.server";
import { revenueByMonth } from "~/features/billing/index.server";
import { inboxResponseStatistics } from "~/features/inbox/index.server";
import { orderStatistics } from "~/features/service-orders/index.server";
import type { OrderStatus } from "~/features/service-orders";
import { countOverdueTasks } from "~/features/tasks/index.server";
import { countTranslationFilesByStatus } from "~/features/translations/index.server";
import type { TranslationStatus } from "~/features/translations";
import { countNewClientsPerPeriod } from "~/features/users/index.server";
import { defineCache, scopeKey } from "~/core/cache.server";
import { db } from "~/lib/db/db.server";
import { hasFeature, isAdminRole } from "~/lib/features";
import { monthPeriods, weekPeriods, type Period, type StatsRange } from "./range.server";

/**
 * The statistics of /dashboard over a date range. Each figure is an aggregate read by
 * its area's module through an index (no row is loaded, whatever the table's size); this module
 * only decides which figures a viewer gets and keeps them briefly.
 *
 * Revenue is the billing area's `revenueByMonth` (payments less refunds per month of the viewer's zone).
 *
 * Who sees what: owner and admins every figure; a staff member those of their features only
 * (inbox → response time, translations → files by status, tasks → overdue tasks).
 */
export type PeriodCount = Period & { count: number };

export type Statistics = {
  orders: { byStatus: Record<OrderStatus, number>; total: number; perMonth: PeriodCount[] } | null;
  appointments: { perWeek: PeriodCount[]; total: number } | null;
  newClients: { perMonth: PeriodCount[]; total: number } | null;
  inbox: { received: number; answered: number; averageSeconds: number | null } | null;
  translations: { byStatus: Record<TranslationStatus, number>; total: number } | null;
  tasks: { overdue: number } | null;
  /** Payments less refunds per calendar month of the viewer's zone (the billing area's aggregate), in cents. */
  revenue: { perMonth: Array<{ month: string; netCents: number; receivedCents: number; refundedCents: number }>; netCents: number } | null;
};

type Viewer = { id?: string; role: string; enabledFeatures: readonly string[] };

/** The figures are kept this long per database, range and viewer scope (per process), and emptied by forgetStatistics(). */
export const STATISTICS_TTL_MS = 30_000;
const kept = defineCache<Statistics>({ name: "statistics", ttlMs: STATISTICS_TTL_MS, max: 100 });

/** Empties the kept figures (after a change that moves them, and in tests). */
export function forgetStatistics(): void {
  kept.invalidate();
}

function scopeOf(viewer: Viewer) {
  const admin = isAdminRole(viewer.role);
  return {
    admin,
    inbox: hasFeature(viewer, "inbox"),
    translations: hasFeature(viewer, "translations"),
    tasks: hasFeature(viewer, "tasks"),
  };
}

const withCounts = (periods: Period[], counts: number[]): PeriodCount[] => periods.map((period, index) => ({ ...period, count: counts[index] ?? 0 }));
const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

async function readStatistics(viewer: Viewer, range: StatsRange, now: Date): Promise<Statistics> {
  const scope = scopeOf(viewer);
  const months = monthPeriods(range);
  const weeks = weekPeriods(range);
  const [orders, appointments, newClients, inbox, translations, overdue, revenue] = await Promise.all([
    scope.admin ? orderStatistics(range, months) : null,
    scope.admin ? countAppointmentsPerPeriod(weeks) : null,
    scope.admin ? countNewClientsPerPeriod(months) : null,
    scope.inbox ? inboxResponseStatistics(range) : null,
    scope.translations ? countTranslationFilesByStatus(range) : null,
    scope.tasks ? countOverdueTasks(now) : null,
    scope.admin ? revenueByMonth({ id: viewer.id ?? "", role: viewer.role }, months) : null,
  ]);
  return {
    orders: orders ? { byStatus: orders.byStatus, total: sum(Object.values(orders.byStatus)), perMonth: withCounts(months, orders.perPeriod) } : null,
    appointments: appointments ? { perWeek: withCounts(weeks, appointments), total: sum(appointments) } : null,
    newClients: newClients ? { perMonth: withCounts(months, newClients), total: sum(newClients) } : null,
    inbox,
    translations: translations ? { byStatus: translations, total: sum(Object.values(translations)) } : null,
    tasks: overdue === null ? null : { overdue },
    revenue: revenue
      ? {
          perMonth: revenue.map(({ month, netCents, receivedCents, refundedCents }) => ({ month, netCents, receivedCents, refundedCents })),
          netCents: sum(revenue.map((month) => month.netCents)),
        }
      : null,
  };
}

export function getStatistics(viewer: Viewer, range: StatsRange, now = new Date()): Promise<Statistics> {
  const scope = scopeOf(viewer);
  const key = [
    scopeKey(db()),
    range.start,
    range.end,
    range.timeZone,
    scope.admin,
    scope.inbox,
    scope.translations,
    scope.tasks,
    now.toISOString().slice(0, 10),
  ].join("|");
  return kept.get(key, () => readStatistics(viewer, range, now), { now: now.getTime() });
}
