import { CircleCheck, CircleDashed, FileCheck, MessageSquareText, RotateCcw, X, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { ItemState } from "./status";

/**
 * A request item's state as a badge, the same on the staff's review page and on the client's
 * answering pages (their own and the restricted one a link opens). `data-state` names the state
 * for tests and styles.
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
