/**
 * The service-order state machine (documented in docs/decisions/002-state-machines.md).
 *
 *   pending ──► in_review ──► in_progress ──► completed
 *      │            │   ▲          │  ▲
 *      │            ▼   │          ▼  │
 *      │        waiting_for_client ◄──┘
 *      └──────────┴──────────┴──────────► cancelled  (from any open state)
 */
export const ORDER_STATUSES = ["pending", "in_review", "in_progress", "waiting_for_client", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["in_review", "cancelled"],
  in_review: ["in_progress", "waiting_for_client", "cancelled"],
  in_progress: ["waiting_for_client", "completed", "cancelled"],
  waiting_for_client: ["in_review", "in_progress", "cancelled"],
  completed: [],
  cancelled: [],
};

/** An open order with no due date counts as overdue once it is this many days old. */
export const OVERDUE_AFTER_DAYS = 14;

export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ["pending", "in_review", "in_progress", "waiting_for_client"];

/** While the office studies an order: the stages where a quote may still be on its way. */
export const QUOTING_ORDER_STATUSES: readonly OrderStatus[] = ["pending", "in_review"];

/** A client may cancel only before the work has started. */
export const CLIENT_CANCELLABLE_ORDER_STATUSES: readonly OrderStatus[] = ["pending", "in_review", "waiting_for_client"];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
