/** One thing the client must do (client-safe: the /client page renders it, the API returns it). */
export const TODO_KINDS = ["request", "quote", "invoice", "report"] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export type TodoEntry = {
  kind: TodoKind;
  /** The request item's, quote's, invoice's or report's id. */
  id: string;
  /** The item's label, the quote's reference, the invoice's number, the report's title. */
  title: string;
  /** The request list's title (request items). */
  context: string | null;
  /** A request item: still to do, or returned by the firm. */
  state: "todo" | "returned" | null;
  /** A returned request item: the firm's note saying what is needed. */
  note: string | null;
  orderId: string | null;
  orderReference: string | null;
  /** YYYY-MM-DD: the list's due date, the quote's validity, the invoice's due date. */
  dueDate: string | null;
  overdue: boolean;
  amountCents: number | null;
  currency: string | null;
  /** Where it is done. */
  href: string;
  createdAt: string;
};
