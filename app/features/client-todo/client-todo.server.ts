import { listInvoices, listQuotesAwaitingClient } from "~/features/billing/index.server";
import { listReportsAwaitingFeedback } from "~/features/reports/index.server";
import { openItemsForClient } from "~/features/requests/index.server";
import { officeToday } from "~/core/office/today.server";
import { hasFeature, isBackOfficeRole } from "~/lib/features";
import type { TodoEntry } from "./todo";

/**
 * The client's to-do list (their /client page and GET /api/client/todo): everything they must do,
 * read from the areas that own it (request items to do or returned, quotes to accept, invoices to
 * pay, reports awaiting feedback). Each source is one bounded query on an index that starts with
 * the client (request_lists_client_idx, quotes_client_idx, invoices_client_created_idx,
 * reports_client_idx), so the list costs the same with 100,000 orders as with ten.
 */
export const TODO_LIMIT_PER_SOURCE = 20;
/** The most entries the list shows: the most pressing, by the order below. */
export const TODO_LIMIT = 40;

export type TodoUser = { id: string; role: string; enabledFeatures: readonly string[] };

/** Entries with a due date first, soonest due first (overdue at the top); then the undated ones, newest first. */
export function compareTodo(a: TodoEntry, b: TodoEntry): number {
  if (a.dueDate && b.dueDate && a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  if (a.dueDate && !b.dueDate) return -1;
  if (!a.dueDate && b.dueDate) return 1;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  // A tie keeps the sources' own order (the sort is stable): a list's items stay in their positions.
  return 0;
}

/** A client's to-do list; staff have none (the client area is the clients'). */
export async function getClientTodo(user: TodoUser): Promise<TodoEntry[]> {
  if (isBackOfficeRole(user.role)) return [];
  const orders = hasFeature(user, "service_orders");
  const reports = hasFeature(user, "reports");
  const [today, items, quotes, invoices, unrated] = await Promise.all([
    officeToday(),
    openItemsForClient(user.id, TODO_LIMIT_PER_SOURCE),
    orders ? listQuotesAwaitingClient(user.id, TODO_LIMIT_PER_SOURCE) : Promise.resolve([]),
    listInvoices({ id: user.id, role: "client" }, { status: "open", perPage: TODO_LIMIT_PER_SOURCE }),
    reports ? listReportsAwaitingFeedback(user.id, TODO_LIMIT_PER_SOURCE) : Promise.resolve([]),
  ]);
  const overdue = (due: string | null) => Boolean(due && due < today);
  const entries: TodoEntry[] = [
    ...items.map((item): TodoEntry => ({
      kind: "request",
      id: item.itemId,
      title: item.label,
      context: item.listTitle,
      state: item.state === "returned" ? "returned" : "todo",
      note: item.returnNote,
      orderId: item.serviceOrderId,
      orderReference: item.orderReference,
      dueDate: item.dueDate,
      overdue: overdue(item.dueDate),
      amountCents: null,
      currency: null,
      href: `/client/requests/${item.listId}#item-${item.itemId}`,
      createdAt: "",
    })),
    ...quotes.map((quote): TodoEntry => ({
      kind: "quote",
      id: quote.id,
      title: quote.reference,
      context: null,
      state: null,
      note: null,
      orderId: quote.orderId,
      orderReference: null,
      dueDate: quote.validUntil,
      overdue: false,
      amountCents: quote.totalCents,
      currency: quote.currency,
      href: `/client/service-orders/${quote.orderId}`,
      createdAt: quote.sentAt ?? quote.createdAt,
    })),
    ...invoices.items
      .filter((invoice) => invoice.balanceCents > 0)
      .map((invoice): TodoEntry => ({
        kind: "invoice",
        id: invoice.id,
        title: invoice.number ?? "",
        context: null,
        state: null,
        note: null,
        orderId: invoice.orderId,
        orderReference: invoice.orderReference,
        dueDate: invoice.dueDate,
        overdue: overdue(invoice.dueDate),
        amountCents: invoice.balanceCents,
        currency: invoice.currency,
        href: `/client/invoices/${invoice.id}`,
        createdAt: invoice.issuedAt ?? invoice.createdAt,
      })),
    ...unrated.map((report): TodoEntry => ({
      kind: "report",
      id: report.id,
      title: report.title,
      context: null,
      state: null,
      note: null,
      orderId: report.orderId,
      orderReference: report.orderReference,
      dueDate: null,
      overdue: false,
      amountCents: null,
      currency: null,
      href: `/client/reports/${report.id}#feedback`,
      createdAt: report.createdAt,
    })),
  ];
  return entries.sort(compareTodo).slice(0, TODO_LIMIT);
}
