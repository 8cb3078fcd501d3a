import { CheckCircle2, CircleCheck, CircleDashed, CircleDot, FileCheck, Inbox, MessageSquareText, RotateCcw, X, XCircle, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { ItemState, ListStatus } from "./status";

/**
 * A request item's state and a list's status as badges, the same on the staff's review page and on the client's
 * answering pages (their own and the restricted one a link opens). `data-state` and `data-status`
 * name them for tests and styles.
 */
const ITEM_LOOK: Record<ItemState, { tone: BadgeTone; icon: LucideIcon }> = {
  todo: { tone: "neutral", icon: CircleDashed },
  uploaded: { tone: "primary", icon: FileCheck },
  answered: { tone: "primary", icon: MessageSquareText },
  accepted: { tone: "success", icon: CircleCheck },
  returned: { tone: "warning", icon: RotateCcw },
  not_applicable: { tone: "quiet", icon: X },
};

export function ItemStateBadge({ state, className }: { state: ItemState; className?: string }) {
  const { t } = useTranslation("requests");
  return (
    <Badge {...ITEM_LOOK[state]} className={className} data-testid="item-state" data-state={state}>
      {t(`itemState.${state}`)}
    </Badge>
  );
}

const LIST_LOOK: Record<ListStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  open: { tone: "primary", icon: CircleDot },
  submitted: { tone: "warning", icon: Inbox },
  complete: { tone: "success", icon: CheckCircle2 },
  cancelled: { tone: "quiet", icon: XCircle },
};

export function ListStatusBadge({ status, className }: { status: ListStatus; className?: string }) {
  const { t } = useTranslation("requests");
  return (
    <Badge {...LIST_LOOK[status]} className={className} data-testid="list-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
