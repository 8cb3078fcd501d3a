import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getDashboardStats } from "~/features/service-orders/overview.server";
import { ORDER_STATUSES } from "~/features/service-orders/status";
import { OrderStatusBadge } from "~/features/service-orders/status-badge";
import { requireAdmin } from "~/features/auth/guards.server";
import { intlLocale } from "~/lib/i18n/config";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getFixedT(await getLanguage(request), "orders");
  return json({ stats: await getDashboardStats(), pageTitle: t("dashboard.title") });
}

export default function DashboardIndex() {
  const { stats } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("orders");
  const number = (value: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(value);
  const tiles = [
    { label: t("dashboard.newThisWeek"), value: stats.newOrdersThisWeek, to: "/dashboard/service-orders?sort=newest" },
    { label: t("dashboard.unreadMessages"), value: stats.unreadContactMessages, to: "/dashboard/inbox" },
    { label: t("dashboard.awaitingFeedback"), value: stats.reportsAwaitingFeedback, to: "/dashboard/reports" },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("dashboard.title")}</h1>
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
