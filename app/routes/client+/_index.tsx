import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CalendarClock, FileText, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/core/identity/guards.server";
import { listInvoices, listQuotesAwaitingClient } from "~/features/billing/index.server";
import { ClientInvoicesCard } from "~/features/billing";
import { getClientOverview } from "~/features/client-records/index.server";
import { TodoList } from "~/features/client-todo";
import { getClientTodo } from "~/features/client-todo/index.server";
import { OrderStatusBadge } from "~/features/service-orders";
import { hasFeature } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "orders");
  return json({
    name: user.fullName,
    todo: await getClientTodo(user),
    overview: await getClientOverview(user.id, language),
    invoices: await listInvoices({ id: user.id, role: "client" }, { status: "open", perPage: 3 }),
    quotes: await listQuotesAwaitingClient(user.id, 3),
    features: { orders: hasFeature(user, "service_orders"), appointments: hasFeature(user, "appointments"), reports: hasFeature(user, "reports") },
    title: t("overview.title"),
  });
}

export default function ClientOverview() {
  const { name, todo, overview, features, invoices, quotes } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const format = useFormatter();
  const next = overview.nextAppointment;
  return (
    <div className="space-y-6">
      <PageHeader title={t("overview.title")} description={t("overview.welcome", { name })} />

      <TodoList entries={todo} />

      <div className="grid gap-4 md:grid-cols-2">
        {features.appointments ? (
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CalendarClock className="size-5 text-primary" aria-hidden />
                {t("overview.nextAppointment")}
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              {next ? (
                <>
                  <p className="font-medium">{next.serviceTitle}</p>
                  <p className="text-sm">
                    <time dateTime={next.startsAt} data-testid="next-appointment-time">
                      {format.longDateTime(next.startsAt)}
                    </time>
                  </p>
                  <Link to={`/client/appointments/${next.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                    {t("overview.viewAppointment")}
                  </Link>
                </>
              ) : (
                <>
                  <p className="text-sm text-muted-foreground">{t("overview.noAppointment")}</p>
                  <Link to="/client/appointments/new" className={buttonVariants({ variant: "outline", size: "sm" })}>
                    {t("overview.bookAppointment")}
                  </Link>
                </>
              )}
            </CardContent>
          </Card>
        ) : null}

        <ClientInvoicesCard open={invoices.items} openCount={invoices.total} quotes={quotes} />

        {features.reports ? (
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <FileText className="size-5 text-primary" aria-hidden />
                {t("overview.reports")}
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <p className="text-sm">{t("overview.unreadReports", { count: overview.unreadReports })}</p>
              <Link to="/client/reports" className={buttonVariants({ variant: "outline", size: "sm" })}>
                {t("overview.viewReports")}
              </Link>
            </CardContent>
          </Card>
        ) : null}
      </div>

      {features.orders ? (
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>{t("overview.openOrders", { count: overview.openOrders.total })}</CardTitle>
            <Link to="/client/service-orders/new" className={buttonVariants({ size: "sm" })}>
              <Plus aria-hidden />
              {t("list.newOrder")}
            </Link>
          </CardHeader>
          <CardContent className="space-y-3">
            {overview.openOrders.orders.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("overview.noOpenOrders")}</p>
            ) : (
              <ul className="divide-y rounded-md border">
                {overview.openOrders.orders.map((order) => (
                  <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <Link to={`/client/service-orders/${order.id}`} className="font-medium underline-offset-4 hover:underline">
                      {order.serviceTitle} <span className="text-sm text-muted-foreground">({order.reference})</span>
                    </Link>
                    <OrderStatusBadge status={order.status} />
                  </li>
                ))}
              </ul>
            )}
            <Link to="/client/service-orders" className="text-sm primary-link">
              {t("overview.viewAllOrders")}
            </Link>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

export const handle = { i18n: ["orders", "billing", "todo"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
