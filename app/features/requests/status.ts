/**
 * Request lists and their items: kinds, states and who moves them (client-safe: pages, forms and
 * the API use them; requests.server.ts enforces them for every caller).
 *
 * An item, as the client answers it and staff review it:
 *
 *   todo ──client──► uploaded | answered | not_applicable ──staff──► accepted
 *     ▲                         ▲      │                               │
 *     │                         │      └──staff──► returned ◄──staff───┘
 *     │                         └────────client────────┘
 *
 * The client may change an answer until staff accept it; staff accept or return (with a note)
 * what the client gave, and may return an accepted item while the list is still open.
 *
 * A list:  open ──client submits──► submitted ──(an item returned or added)──► open
 *          open | submitted ──(every required item accepted)──► complete
 *          open | submitted ──staff──► cancelled
 */
export const REQUEST_ITEM_KINDS = ["document", "question", "confirmation"] as const;
export type RequestItemKind = (typeof REQUEST_ITEM_KINDS)[number];

export const ANSWER_TYPES = ["short_text", "long_text", "yes_no", "date", "number", "choice"] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export const ITEM_STATES = ["todo", "uploaded", "answered", "accepted", "returned", "not_applicable"] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export const LIST_STATUSES = ["open", "submitted", "complete", "cancelled"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** A list staff may still edit and review, and reminders may still chase. */
export const ACTIVE_LIST_STATUSES: readonly ListStatus[] = ["open", "submitted"];

/** Items the client still has to do (their to-do list, the reminders' "still missing"). */
export const CLIENT_PENDING_STATES: readonly ItemState[] = ["todo", "returned"];

/** Items the client has done that wait for the firm's review. */
export const AWAITING_REVIEW_STATES: readonly ItemState[] = ["uploaded", "answered", "not_applicable"];

export type RequestParty = "client" | "staff";

const CLIENT_TARGETS: readonly ItemState[] = ["uploaded", "answered", "not_applicable"];

export const ITEM_TRANSITIONS: Record<RequestParty, Record<ItemState, readonly ItemState[]>> = {
  client: {
    todo: CLIENT_TARGETS,
    returned: CLIENT_TARGETS,
    uploaded: CLIENT_TARGETS,
    answered: CLIENT_TARGETS,
    not_applicable: CLIENT_TARGETS,
    accepted: [],
  },
  staff: {
    todo: [],
    returned: [],
    uploaded: ["accepted", "returned"],
    answered: ["accepted", "returned"],
    not_applicable: ["accepted", "returned"],
    accepted: ["returned"],
  },
};

export function canMoveItem(from: ItemState, to: ItemState, by: RequestParty): boolean {
  return ITEM_TRANSITIONS[by][from].includes(to);
}

/** The state a client's contribution puts an item in: a document is uploaded, anything else answered. */
export function answeredStateOf(kind: RequestItemKind): ItemState {
  return kind === "document" ? "uploaded" : "answered";
}

type ItemLike = { state: ItemState; required: boolean };

/** Complete when every required item is accepted (a list of optional items only: once one is accepted). */
export function isListComplete(items: readonly ItemLike[]): boolean {
  const required = items.filter((item) => item.required);
  if (required.length > 0) return required.every((item) => item.state === "accepted");
  return items.some((item) => item.state === "accepted") && items.every((item) => item.state === "accepted" || item.state === "todo");
}

/** The client may submit once no required item is left to do. */
export function canSubmitList(items: readonly ItemLike[]): boolean {
  return items.length > 0 && items.every((item) => !item.required || !CLIENT_PENDING_STATES.includes(item.state));
}

/** Required items the client has still to do (what a reminder names). */
export function missingItems<T extends ItemLike>(items: readonly T[]): T[] {
  return items.filter((item) => item.required && CLIENT_PENDING_STATES.includes(item.state));
}

/** "3 of 7": items the client has done (or the firm accepted) of all items. */
export function listProgress(items: readonly ItemLike[]): { done: number; total: number } {
  return { done: items.filter((item) => !CLIENT_PENDING_STATES.includes(item.state)).length, total: items.length };
}
