import { AlertTriangle, CheckCircle2, CircleDashed, Clock, Hourglass, Search, XCircle, type LucideIcon } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";
import { OVERDUE_AFTER_DAYS, type OrderStatus } from "./status";

const LOOK: Record<OrderStatus, { icon: LucideIcon; className: string }> = {
  pending: { icon: Clock, className: "border-border bg-muted text-foreground" },
  in_review: { icon: Search, className: "border-primary/30 bg-primary/10 text-primary" },
  in_progress: { icon: CircleDashed, className: "border-accent/30 bg-accent/10 text-accent" },
  waiting_for_client: { icon: Hourglass, className: "border-warning/40 bg-warning/10 text-warning" },
  completed: { icon: CheckCircle2, className: "border-success/40 bg-success/10 text-success" },
  cancelled: { icon: XCircle, className: "border-destructive/30 bg-destructive/10 text-destructive" },
};

/** A status as an icon and its name: never colour alone. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { t } = useTranslation("orders");
  const { icon: Icon, className: look } = LOOK[status];
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold", look, className)}>
      <Icon className="size-3.5" aria-hidden />
      {t(`status.${status}`)}
    </span>
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
