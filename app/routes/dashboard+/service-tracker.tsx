import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { GripVertical } from "lucide-react";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useBoardDrag } from "~/components/board-drag";
import { BoardMoveButtons } from "~/components/area/board-move";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { requireAdmin } from "~/core/identity/guards.server";
import {
  BoardScroller,
  OrderMoveFormSchema,
  ORDER_TRANSITIONS,
  OVERDUE_AFTER_DAYS,
  type OrderStatus,
  overdueLabel,
  OrderStatusBadge,
  OverdueFlag,
} from "~/features/service-orders";
import { forgetDashboardStats } from "~/features/client-records/index.server";
import { listBoard, parseBoardMore, RECENT_DAYS, changeOrderStatus } from "~/features/service-orders/index.server";
import { useFormatter, type Formatter } from "~/lib/format";
import { clientIp, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

const BOARD = "/dashboard/service-tracker";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "orders");
  const more = parseBoardMore(new URL(request.url).searchParams.getAll("more"));
  const columns = await listBoard(user, language, { more });
  return json({ columns, overdueDays: OVERDUE_AFTER_DAYS, recentDays: RECENT_DAYS, title: t("tracker.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: OrderMoveFormSchema });
  // Back to the board as it was shown (the columns opened with "show more" stay open).
  const back = BOARD + new URL(request.url).search;
  if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: "orders:errors.statusInvalid" });
  try {
    await changeOrderStatus({ ...user, ip: clientIp(request) }, submission.value.id, submission.value.status);
    forgetDashboardStats();
  } catch (error) {
    return refusal(request, error);
  }
  return redirectWithToast(back, { type: "success", message: "orders:admin.statusChanged", params: { status: submission.value.status } });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Column = LoaderData["columns"][number];
type Card = Column["orders"][number];

export default function ServiceTracker() {
  const { columns, overdueDays, recentDays } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const format = useFormatter();
  const fetcher = useFetcher();
  // Each state's "Move to …" label, translated once for the board's hundred or so buttons.
  const moveLabels = useMemo(
    () =>
      Object.fromEntries(
        Object.keys(ORDER_TRANSITIONS).map((status) => [status, t("tracker.moveTo", { status: t(`status.${status as OrderStatus}`) })]),
      ) as Record<OrderStatus, string>,
    [t],
  );
  // Drag and drop is an enhancement of the buttons: it submits the same form data. The board has
  // no Cancelled column: cancelling is the card's quiet move, which asks first.
  const drag = useBoardDrag<OrderStatus>({
    canMove: (from, to) => ORDER_TRANSITIONS[from].includes(to),
    onMove: (id, status) => fetcher.submit({ id, status }, { method: "post" }),
  });

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("tracker.title")}
        description={
          <>
            <p>{t("tracker.intro")}</p>
            <p>{t("tracker.overdueRule", { days: overdueDays })}</p>
          </>
        }
      />
      <BoardScroller label={t("tracker.board")}>
        {/* The columns share the width down to 13rem each; below that the board scrolls within itself. */}
        <div className="grid auto-cols-[minmax(13rem,1fr)] grid-flow-col gap-3">
          {columns.map((column) => (
            <section
              key={column.status}
              aria-labelledby={`column-${column.status}`}
              data-status={column.status}
              {...drag.columnProps(column.status)}
              className={cn(
                "flex min-w-0 flex-col gap-3 rounded-lg border bg-muted/40 p-3 transition-colors duration-150",
                drag.columnState(column.status).target && "border-dashed border-primary",
                drag.columnState(column.status).over && "bg-primary/10",
              )}
            >
              <h2 id={`column-${column.status}`} className="flex flex-wrap items-center justify-between gap-2">
                <OrderStatusBadge status={column.status} />
                <span className="text-sm text-muted-foreground">
                  {column.recentOnly ? t("tracker.countRecent", { count: column.total, days: recentDays }) : t("tracker.count", { count: column.total })}
                </span>
              </h2>
              {column.orders.length === 0 ? <p className="text-sm text-muted-foreground">{t("tracker.empty")}</p> : null}
              <ul className="flex flex-col gap-2">
                {column.orders.map((order) => (
                  <BoardCard
                    key={order.id}
                    order={order}
                    cardProps={drag.cardProps(order.id, order.status, ORDER_TRANSITIONS[order.status].length > 0)}
                    t={t}
                    format={format}
                    moveLabels={moveLabels}
                  />
                ))}
              </ul>
              <ColumnMore column={column} />
            </section>
          ))}
        </div>
      </BoardScroller>
    </div>
  );
}

/** Below a column: more of its cards on the board (`?more=`), and all of them in the orders list. */
function ColumnMore({ column }: { column: Column }) {
  const { t } = useTranslation("orders");
  const [searchParams] = useSearchParams();
  const hidden = column.total - column.orders.length;
  const linkClass = "text-sm primary-link";
  const showMore = new URLSearchParams(searchParams);
  showMore.append("more", column.status);
  const list = `/dashboard/service-orders?status=${column.status}${column.recentOnly ? "&sort=updated" : ""}`;
  return (
    <div className="flex flex-col items-start gap-1" data-testid={`column-more-${column.status}`}>
      {column.showMore > 0 ? (
        <Link to={`?${showMore.toString()}`} preventScrollReset className={linkClass}>
          {t("tracker.showMore", { count: column.showMore })}
        </Link>
      ) : null}
      {hidden > 0 || column.recentOnly ? (
        <Link to={list} className={linkClass}>
          {column.recentOnly ? t("tracker.allCompleted") : t("tracker.allInList", { count: column.total })}
        </Link>
      ) : null}
    </div>
  );
}

/** A card of the board. The board's `t`, formatter and move labels are passed in: a board shows up to 400 cards. */
function BoardCard({
  order,
  cardProps,
  t,
  format,
  moveLabels,
}: {
  order: Card;
  cardProps: ReturnType<ReturnType<typeof useBoardDrag<OrderStatus>>["cardProps"]>;
  t: TFunction<"orders">;
  format: Formatter;
  moveLabels: Record<OrderStatus, string>;
}) {
  const targets = ORDER_TRANSITIONS[order.status];
  const forward = targets.filter((to) => to !== "cancelled");
  // Before hydration a card is not offered for dragging (its buttons work).
  const draggable = cardProps.draggable;
  return (
    <li {...cardProps} data-order={order.reference} className={cn("board-card", order.overdue && "border-destructive/60")}>
      <div className="board-card-head">
        {draggable ? <GripVertical className="mt-0.5 size-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden /> : null}
        <div className="board-card-text">
          <Link to={`/dashboard/service-orders/${order.id}`} className="primary-link">
            {order.reference}
          </Link>
          <p className="truncate">{order.clientName}</p>
          <p className="board-card-quiet">{order.serviceTitle}</p>
          {order.dueDate ? <p className="text-xs text-muted-foreground">{t("tracker.due", { date: format.day(order.dueDate) })}</p> : null}
          {order.overdue ? <OverdueFlag label={overdueLabel(t, order.dueDate)} className="mt-1" withIcon={false} /> : null}
        </div>
      </div>
      <BoardMoveButtons
        id={order.id}
        itemName={order.reference}
        targets={forward.map((to) => ({ status: to, label: moveLabels[to] }))}
        cancel={
          targets.includes("cancelled")
            ? {
                status: "cancelled",
                label: moveLabels.cancelled,
                title: t("tracker.cancelQuestion", { reference: order.reference }),
                description: t("tracker.cancelWarning"),
                confirmLabel: t("tracker.cancelConfirm"),
              }
            : undefined
        }
      />
    </li>
  );
}

export const handle = { i18n: ["orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
