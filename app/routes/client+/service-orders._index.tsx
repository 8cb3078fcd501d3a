import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/input";
import { formatDate } from "~/features/service-orders/format";
import { Pagination } from "~/components/ui/pagination";
import { parseListQuery } from "~/features/service-orders/service-orders.schema";
import { listOrders } from "~/features/service-orders/service-orders.server";
import { ORDER_STATUSES } from "~/features/service-orders/status";
import { OrderStatusBadge } from "~/features/service-orders/status-badge";
import { requireFeature } from "~/features/auth/guards.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const language = await getLanguage(request);
  const query = parseListQuery(new URL(request.url));
  // The client's own orders, whatever the role of the reader.
  const page = await listOrders({ id: user.id, role: "client" }, { page: query.page, status: query.status, perPage: 20 }, language);
  const t = await getFixedT(language, "orders");
  return json({ page, status: query.status ?? "", pageTitle: t("list.title") });
}

export default function ClientServiceOrders() {
  const { page, status } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("orders");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("list.title")}</h1>
        <Link to="/client/service-orders/new" className={buttonVariants()}>
          <Plus aria-hidden />
          {t("list.newOrder")}
        </Link>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
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
      </Form>
      {page.items.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">{t("list.empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {page.items.map((order) => (
            <li key={order.id} className="rounded-lg border bg-card p-4 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold">
                  <Link to={`/client/service-orders/${order.id}`} className="underline-offset-4 hover:underline">
                    {order.serviceTitle}
                  </Link>
                </h2>
                <OrderStatusBadge status={order.status} />
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {t("list.referenceOn", { reference: order.reference, date: formatDate(order.createdAt, i18n.language) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} total={page.total} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
