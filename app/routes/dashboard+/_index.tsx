import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { navGroupsFor } from "~/shell/nav-items";
import { BarList, ColumnChart } from "~/components/charts";
import { DateRangeFields } from "~/components/date-range-fields";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { requireBackOffice } from "~/core/identity/guards.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { getDashboardStats } from "~/features/client-records/index.server";
import { ORDER_STATUSES, type OrderStatus } from "~/features/service-orders";
import { RANGE_PRESETS } from "~/features/statistics";
import { parseStatsRange, getStatistics, type PeriodCount } from "~/features/statistics/index.server";
import { TRANSLATION_STATUSES, type TranslationStatus } from "~/features/translations";
import { isAdminRole } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { intlLocale } from "~/lib/i18n/config";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const language = await getLanguage(request);
  const [t, tFiles] = await Promise.all([getFixedT(language, "orders"), getFixedT(language, "translations")]);
  const range = parseStatsRange(new URL(request.url).searchParams, await viewerTimeZone(user));
  const admin = isAdminRole(user.role);
  // Figures from SQL aggregates over the range; a staff member gets those of their features only.
  const [statistics, tiles] = await Promise.all([getStatistics(user, range), admin ? getDashboardStats() : null]);
  const { start: _start, end: _end, ...shownRange } = range;
  // The few words of the orders and translations areas this page shows, written here: the page
  // then sends only the statistics strings to the browser, not both areas', to keep the page small.
  const labels = {
    tiles: { newThisWeek: t("dashboard.newThisWeek"), unreadMessages: t("dashboard.unreadMessages"), awaitingFeedback: t("dashboard.awaitingFeedback") },
    orderStatusHeader: t("admin.status"),
    orderStatus: Object.fromEntries(ORDER_STATUSES.map((status) => [status, t(`status.${status}`)])) as Record<OrderStatus, string>,
    fileStatusHeader: tFiles("status.label"),
    fileStatus: Object.fromEntries(TRANSLATION_STATUSES.map((status) => [status, tFiles(`status.${status}`)])) as Record<TranslationStatus, string>,
  };
  return json({ statistics, tiles, range: shownRange, labels, title: t("dashboard.title") });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function DashboardIndex() {
  const { statistics, tiles } = useLoaderData<typeof loader>();
  const hasFigures = Object.values(statistics).some((figure) => figure !== null);
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <PageHeader title={t("area.dashboard")} />
      {tiles ? <Tiles tiles={tiles} /> : null}
      {hasFigures ? <Statistics /> : null}
      {tiles ? null : <StaffOverview />}
    </div>
  );
}

function Tiles({ tiles }: { tiles: NonNullable<LoaderData["tiles"]> }) {
  const { labels } = useLoaderData<typeof loader>();
  const { number } = useFormatter();
  const items = [
    { label: labels.tiles.newThisWeek, value: tiles.newOrdersThisWeek, to: "/dashboard/service-orders?sort=newest" },
    { label: labels.tiles.unreadMessages, value: tiles.unreadContactMessages, to: "/dashboard/inbox?status=new" },
    { label: labels.tiles.awaitingFeedback, value: tiles.reportsAwaitingFeedback, to: "/dashboard/reports" },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {items.map((tile) => (
        <li key={tile.to}>
          <Link to={tile.to} className="block rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted">
            <span className="block text-3xl font-semibold tabular-nums">{number(tile.value)}</span>
            <span className="text-sm text-muted-foreground">{tile.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `?from=…&to=…` plus other parameters, for the lists the figures count. */
function listUrl(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** A headline figure; `empty` (nothing to measure yet) writes its words small and muted instead. */
function Figure({ label, value, to, testId, empty = false }: { label: string; value: string; to?: string; testId?: string; empty?: boolean }) {
  const body = (
    <>
      <span className={cn("block", empty ? "py-2 text-sm text-muted-foreground" : "text-3xl font-semibold tabular-nums")} data-empty={empty || undefined}>
        {value}
      </span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </>
  );
  return (
    <li data-testid={testId}>
      {to ? (
        <Link to={to} className="block rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted">
          {body}
        </Link>
      ) : (
        <div className="rounded-lg border bg-card p-5 shadow-sm">{body}</div>
      )}
    </li>
  );
}

function Statistics() {
  const { statistics, range, labels } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("statistics");
  const format = useFormatter();
  const days = { from: range.from, to: range.to };
  // Days are calendar dates: written in UTC so that server and browser agree whatever their zones.
  const dayFormat = (day: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { ...options, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  const monthLabel = (period: PeriodCount) => dayFormat(period.from, { month: "short", year: "2-digit" });
  const weekLabel = (period: PeriodCount) => dayFormat(period.from, { month: "short", day: "numeric" });
  const count = (value: number) => format.number(value);
  const duration = (seconds: number | null) => {
    if (seconds === null) return t("inbox.noAnswer");
    if (seconds < 3600) return t("duration.minutes", { count: Math.max(1, Math.round(seconds / 60)) });
    if (seconds < 2 * 86400) return t("duration.hours", { count: Math.round(seconds / 360) / 10 });
    return t("duration.days", { count: Math.round(seconds / 8640) / 10 });
  };
  const { orders, appointments, newClients, inbox, translations, tasks, revenue } = statistics;
  const monthOf = (month: string) => dayFormat(`${month}-01`, { month: "short", year: "2-digit" });
  return (
    <section aria-labelledby="statistics-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="statistics-heading" className="text-xl font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="statistics-range">
            {t("range.shown", { from: dayFormat(range.from, { dateStyle: "medium" }), to: dayFormat(range.to, { dateStyle: "medium" }), zone: range.timeZone })}
            {range.shortened ? ` ${t("range.shortened")}` : null}
          </p>
        </div>
      </div>
      <nav aria-label={t("range.presets")} className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((preset) => (
          <Link
            key={preset}
            to={`?range=${preset}`}
            aria-current={range.preset === preset ? "page" : undefined}
            className={cn("rounded-md border px-3 py-1.5 text-sm", range.preset === preset && "bg-secondary font-semibold")}
          >
            {t(`range.${preset}`)}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-4" aria-label={t("range.custom")}>
        <DateRangeFields from={range.from} to={range.to} idPrefix="statistics" />
        <Button type="submit" variant="outline">
          {t("range.apply")}
        </Button>
      </Form>

      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {orders ? (
          <Figure testId="figure-orders" label={t("figures.orders")} value={count(orders.total)} to={listUrl("/dashboard/service-orders", days)} />
        ) : null}
        {appointments ? (
          <Figure
            testId="figure-appointments"
            label={t("figures.appointments")}
            value={count(appointments.total)}
            to={listUrl("/dashboard/appointments", days)}
          />
        ) : null}
        {newClients ? (
          <Figure testId="figure-new-clients" label={t("figures.newClients")} value={count(newClients.total)} to={listUrl("/dashboard/clients", days)} />
        ) : null}
        {inbox ? <Figure testId="figure-messages" label={t("figures.messages")} value={count(inbox.received)} to={listUrl("/dashboard/inbox", days)} /> : null}
        {inbox ? (
          <Figure
            testId="figure-response-time"
            label={t("figures.responseTime", { answered: format.number(inbox.answered) })}
            value={duration(inbox.averageSeconds)}
            empty={inbox.averageSeconds === null}
            to={listUrl("/dashboard/inbox", days)}
          />
        ) : null}
        {translations ? (
          <Figure
            testId="figure-translation-files"
            label={t("figures.translationFiles")}
            value={count(translations.total)}
            to={listUrl("/dashboard/translations", { tab: "files", ...days })}
          />
        ) : null}
        {revenue ? <Figure testId="figure-revenue" label={t("figures.revenue")} value={format.money(revenue.netCents)} /> : null}
        {tasks ? (
          <Figure testId="figure-overdue-tasks" label={t("figures.overdueTasks")} value={count(tasks.overdue)} to="/dashboard/tasks?view=overdue" />
        ) : null}
      </ul>

      <div className="grid gap-6 lg:grid-cols-2">
        {orders ? (
          <ChartCard>
            <BarList
              testId="chart-orders-by-status"
              title={t("charts.ordersByStatus")}
              labelHeader={labels.orderStatusHeader}
              valueHeader={t("charts.orders")}
              format={count}
              data={ORDER_STATUSES.map((status) => ({
                label: labels.orderStatus[status],
                value: orders.byStatus[status],
                href: listUrl("/dashboard/service-orders", { status, ...days }),
              }))}
            />
          </ChartCard>
        ) : null}
        {orders ? (
          <ChartCard>
            <ColumnChart
              testId="chart-orders-per-month"
              title={t("charts.ordersPerMonth")}
              labelHeader={t("charts.month")}
              valueHeader={t("charts.orders")}
              format={count}
              data={orders.perMonth.map((period) => ({
                label: monthLabel(period),
                value: period.count,
                href: listUrl("/dashboard/service-orders", { from: period.from, to: period.to }),
              }))}
            />
          </ChartCard>
        ) : null}
        {appointments ? (
          <ChartCard>
            <ColumnChart
              testId="chart-appointments-per-week"
              title={t("charts.appointmentsPerWeek")}
              labelHeader={t("charts.weekOf")}
              valueHeader={t("charts.appointments")}
              format={count}
              data={appointments.perWeek.map((period) => ({
                label: weekLabel(period),
                value: period.count,
                href: listUrl("/dashboard/appointments", { from: period.from, to: period.to }),
              }))}
            />
          </ChartCard>
        ) : null}
        {newClients ? (
          <ChartCard>
            <ColumnChart
              testId="chart-new-clients"
              title={t("charts.newClients")}
              labelHeader={t("charts.month")}
              valueHeader={t("charts.clients")}
              format={count}
              data={newClients.perMonth.map((period) => ({
                label: monthLabel(period),
                value: period.count,
                href: listUrl("/dashboard/clients", { from: period.from, to: period.to }),
              }))}
            />
          </ChartCard>
        ) : null}
        {revenue ? (
          <ChartCard>
            <ColumnChart
              testId="chart-revenue"
              title={t("charts.revenue")}
              labelHeader={t("charts.month")}
              valueHeader={t("charts.net")}
              format={(cents) => format.money(cents)}
              unit={100}
              tickFormat={(cents) => format.number(cents / 100, { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 })}
              note={t("charts.revenueNote")}
              data={revenue.perMonth.map((month) => ({ label: monthOf(month.month), value: month.netCents }))}
            />
          </ChartCard>
        ) : null}
        {translations ? (
          <ChartCard>
            <BarList
              testId="chart-translation-files"
              title={t("charts.translationFiles")}
              labelHeader={labels.fileStatusHeader}
              valueHeader={t("charts.files")}
              format={count}
              data={TRANSLATION_STATUSES.map((status) => ({
                label: labels.fileStatus[status],
                value: translations.byStatus[status],
                href: listUrl("/dashboard/translations", { tab: "files", status, ...days }),
              }))}
            />
          </ChartCard>
        ) : null}
      </div>
    </section>
  );
}

function ChartCard({ children }: { children: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="pt-6">{children}</CardContent>
    </Card>
  );
}

/** A staff member's screens, one card each (their figures, if any, are above). */
function StaffOverview() {
  const { t } = useTranslation();
  const layout = useRouteLoaderData<{ user: { role: string; enabledFeatures: string[] } }>("routes/dashboard+/_layout");
  const items = layout
    ? navGroupsFor("dashboard", layout.user)
        .flatMap((group) => group.items)
        .filter((item) => item.to !== "/dashboard")
    : [];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ to, labelKey, icon: Icon }) => (
        <li key={to}>
          <Link to={to} className="flex items-center gap-3 rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted">
            <Icon aria-hidden className="size-5 text-primary" />
            <span className="font-semibold">{t(labelKey)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const handle = { i18n: ["statistics"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
