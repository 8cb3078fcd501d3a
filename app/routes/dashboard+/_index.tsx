import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { navGroupsFor } from "~/components/area/nav-items";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireBackOffice } from "~/features/auth/guards.server";
import { getDashboardStats } from "~/features/service-orders/overview.server";
import { ORDER_STATUSES } from "~/features/service-orders/status";
import { OrderStatusBadge } from "~/features/service-orders/status-badge";
import { isAdminRole } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const t = await getFixedT(await getLanguage(request), "orders");
  // A staff member's overview is the list of the screens they were given; the figures are the admins'.
  return json({ stats: isAdminRole(user.role) ? await getDashboardStats() : null, title: t("dashboard.title") });
}

export default function DashboardIndex() {
  const { stats } = useLoaderData<typeof loader>();
  return stats ? <AdminOverview stats={stats} /> : <StaffOverview />;
}

function AdminOverview({ stats }: { stats: Awaited<ReturnType<typeof getDashboardStats>> }) {
  const { t } = useTranslation("orders");
  const { number } = useFormatter();
  const tiles = [
    { label: t("dashboard.newThisWeek"), value: stats.newOrdersThisWeek, to: "/dashboard/service-orders?sort=newest" },
    { label: t("dashboard.unreadMessages"), value: stats.unreadContactMessages, to: "/dashboard/inbox" },
    { label: t("dashboard.awaitingFeedback"), value: stats.reportsAwaitingFeedback, to: "/dashboard/reports" },
  ];
  return (
    <div className="space-y-6">
      <PageHeader title={t("dashboard.title")} />
      <ul className="grid gap-4 sm:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="block rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted">
              <span className="block text-3xl font-semibold tabular-nums">{number(tile.value)}</span>
              <span className="text-sm text-muted-foreground">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Card>
        <CardHeader>
          <CardTitle>{t("dashboard.ordersByStatus")}</CardTitle>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-start">
                <th scope="col" className="py-2 text-start font-semibold">{t("admin.status")}</th>
                <th scope="col" className="py-2 text-end font-semibold">{t("dashboard.count")}</th>
              </tr>
            </thead>
            <tbody>
              {ORDER_STATUSES.map((status) => (
                <tr key={status} className="border-b last:border-0">
                  <td className="py-2">
                    <Link to={`/dashboard/service-orders?status=${status}`} className="hover:underline">
                      <OrderStatusBadge status={status} />
                    </Link>
                  </td>
                  <td className="py-2 text-end tabular-nums">{number(stats.ordersByStatus[status])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-sm">
            <Link to="/dashboard/service-tracker" className="font-semibold text-primary underline-offset-4 hover:underline">
              {t("dashboard.openTracker")}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

/** The overview of a staff member: their screens, one card each. */
function StaffOverview() {
  const { t } = useTranslation();
  const layout = useRouteLoaderData<{ user: { role: string; enabledFeatures: string[] } }>("routes/dashboard+/_layout");
  const items = layout ? navGroupsFor("dashboard", layout.user).flatMap((group) => group.items).filter((item) => item.to !== "/dashboard") : [];
  return (
    <div className="space-y-6">
      <PageHeader title={t("area.dashboard")} />
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
    </div>
  );
}

export const handle = { i18n: ["orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
