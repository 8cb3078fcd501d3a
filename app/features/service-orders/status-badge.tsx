import { AlertTriangle, CheckCircle2, CircleDashed, Clock, Hourglass, Search, XCircle, type LucideIcon } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { OVERDUE_AFTER_DAYS, type OrderStatus } from "./status";

const LOOK: Record<OrderStatus, { icon: LucideIcon; tone: BadgeTone }> = {
  pending: { icon: Clock, tone: "neutral" },
  in_review: { icon: Search, tone: "primary" },
  in_progress: { icon: CircleDashed, tone: "accent" },
  waiting_for_client: { icon: Hourglass, tone: "warning" },
  completed: { icon: CheckCircle2, tone: "success" },
  cancelled: { icon: XCircle, tone: "danger" },
};

/** A status as an icon and its name: never colour alone. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { t } = useTranslation("orders");
  return (
    <Badge {...LOOK[status]} className={className}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** What an overdue order's flag says: past its due date, or, without one, open for too long. */
export function overdueLabel(t: TFunction<"orders">, dueDate: string | null): string {
  return dueDate ? t("tracker.overdue") : t("tracker.openTooLong", { days: OVERDUE_AFTER_DAYS });
}

/**
 * The "Overdue" flag of an order past its due date (icon and word, in the danger colour). The page passes
 * the word (`t("tracker.overdue")`): a list or the board shows dozens, each without a hook of its own.
 * `withIcon={false}` where dozens share a page (the tracker's cards, already edged in red).
 */
export function OverdueFlag({ label, className, withIcon = true }: { label: string; className?: string; withIcon?: boolean }) {
  return (
    <span className={cn("overdue-flag", className)}>
      {withIcon ? <AlertTriangle className="size-3.5" aria-hidden /> : null}
      {label}
    </span>
  );
}
