import { Ban, CheckCircle2, CircleDot, Clock, FilePen, Send, XCircle, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";

type Look = { icon: LucideIcon; tone: BadgeTone };

const INVOICE_LOOK: Record<string, Look> = {
  draft: { icon: FilePen, tone: "neutral" },
  open: { icon: CircleDot, tone: "warning" },
  paid: { icon: CheckCircle2, tone: "success" },
  void: { icon: Ban, tone: "danger" },
};

/** An invoice's state as an icon and its word (Draft, Open, Paid, Void): never colour alone. */
export function InvoiceStateBadge({ state, className }: { state: string; className?: string }) {
  const { t } = useTranslation("billing");
  return (
    <Badge {...(INVOICE_LOOK[state] ?? INVOICE_LOOK.draft!)} className={className} data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}

const QUOTE_LOOK: Record<string, Look> = {
  draft: { icon: FilePen, tone: "neutral" },
  sent: { icon: Send, tone: "primary" },
  accepted: { icon: CheckCircle2, tone: "success" },
  declined: { icon: XCircle, tone: "danger" },
  expired: { icon: Clock, tone: "quiet" },
};

export function QuoteStateBadge({ state, className }: { state: string; className?: string }) {
  const { t } = useTranslation("billing");
  return (
    <Badge {...(QUOTE_LOOK[state] ?? QUOTE_LOOK.draft!)} className={className} data-state={state}>
      {t(`quoteState.${state}`)}
    </Badge>
  );
}
