import { Ban, CheckCircle2, CircleDot, Clock, FilePen, Send, XCircle, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

const BADGE = "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold";

const INVOICE_LOOK: Record<string, { icon: LucideIcon; className: string }> = {
  draft: { icon: FilePen, className: "border-border bg-muted text-foreground" },
  open: { icon: CircleDot, className: "border-warning/40 bg-warning/10 text-warning" },
  paid: { icon: CheckCircle2, className: "border-success/40 bg-success/10 text-success" },
  void: { icon: Ban, className: "border-destructive/30 bg-destructive/10 text-destructive" },
};

/** An invoice's state as an icon and its word (Draft, Open, Paid, Void): never colour alone. */
export function InvoiceStateBadge({ state, className }: { state: string; className?: string }) {
  const { t } = useTranslation("billing");
  const { icon: Icon, className: look } = INVOICE_LOOK[state] ?? INVOICE_LOOK.draft!;
  return (
    <span className={cn(BADGE, look, className)} data-state={state}>
      <Icon className="size-3.5" aria-hidden />
      {t(`state.${state}`)}
    </span>
  );
}

const QUOTE_LOOK: Record<string, { icon: LucideIcon; className: string }> = {
  draft: { icon: FilePen, className: "border-border bg-muted text-foreground" },
  sent: { icon: Send, className: "border-primary/30 bg-primary/10 text-primary" },
  accepted: { icon: CheckCircle2, className: "border-success/40 bg-success/10 text-success" },
  declined: { icon: XCircle, className: "border-destructive/30 bg-destructive/10 text-destructive" },
  expired: { icon: Clock, className: "border-border bg-muted text-muted-foreground" },
};

export function QuoteStateBadge({ state, className }: { state: string; className?: string }) {
  const { t } = useTranslation("billing");
  const { icon: Icon, className: look } = QUOTE_LOOK[state] ?? QUOTE_LOOK.draft!;
  return (
    <span className={cn(BADGE, look, className)} data-state={state}>
      <Icon className="size-3.5" aria-hidden />
      {t(`quoteState.${state}`)}
    </span>
  );
}
