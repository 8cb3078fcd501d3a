import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { pageLinks } from "~/lib/pagination";
import { requireFeature } from "~/core/identity/guards.server";
import { parseOrderListQuery, ORDER_STATUSES, OrderStatusBadge } from "~/features/service-orders";
import { listOrders } from "~/features/service-orders/index.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const language = await getLanguage(request);
  const query = parseOrderListQuery(new URL(request.url));
  const t = await getFixedT(language, "orders");
  // The client's own orders, whatever the role of the reader.
  const page = await listOrders({ id: user.id, role: "client" }, { page: query.page, perPage: query.perPage, status: query.status }, language);
  return json({ page, status: query.status ?? "", title: t("list.title") });
}

export default function ClientServiceOrders() {
  const { page, status } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("list.title")}
        actions={
          <Link to="/client/service-orders/new" className={buttonVariants()}>
            <Plus aria-hidden />
            {t("list.newOrder")}
          </Link>
        }
      />
      <ListFilters className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="status">{t("list.filterStatus")}</Label>
          <Select id="status" name="status" defaultValue={status} className="w-56">
            <option value="">{t("list.allStatuses")}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          {t("list.apply")}
        </Button>
      </ListFilters>
      {page.items.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">{t("list.empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {page.items.map((order) => (
            // The whole card is the one link (stretched over it by the title's ::after), with nothing else to press inside.
            <li
              key={order.id}
              className="relative rounded-lg border bg-card p-4 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted/50"
              data-testid="order-card"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold">
                  <Link
                    to={`/client/service-orders/${order.id}`}
                    className="underline-offset-4 after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline focus-visible:outline-none"
                  >
                    {order.serviceTitle}
                  </Link>
                </h2>
                <OrderStatusBadge status={order.status} />
              </div>
              <p className="mt-1 text-sm text-muted-foreground">{t("list.referenceOn", { reference: order.reference, date: format.date(order.createdAt) })}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
