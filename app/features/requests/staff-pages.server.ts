import { findClientById, listBackOfficeUsersWith, userColumnSql } from "~/core/identity/directory.server";
import { getOrder, orderChoicesOfClient } from "~/features/service-orders/index.server";
import { db } from "~/lib/db/db.server";
import { isBackOfficeRole } from "~/lib/features";
import { assertRequestStaff, isRequestStaff, readableList, type Actor } from "./request-access.server";

/**
 * What the staff's request pages read besides the lists themselves: who and what a new list is
 * for, who may be assigned, the reminders a list was sent, its history, and whether a file
 * belongs to a list the caller may read (the file download route). Staff with `requests` only.
 */

export type RequestTarget = {
  client: { id: string; fullName: string; email: string; locale: string };
  order: { id: string; reference: string; serviceKey: string; serviceTitle: string } | null;
  /** The client's orders, to attach the list to one. */
  orders: Array<{ id: string; reference: string; serviceTitle: string }>;
};

/** The client (and order) a new list is for, from `?orderId=` (its client) or `?clientId=`; null when neither names one. */
export async function requestTarget(actor: Actor, ids: { orderId?: string | null; clientId?: string | null }, language: string): Promise<RequestTarget | null> {
  assertRequestStaff(actor);
  // The order is read on the requests feature's right, not the orders screen's (staff may have one without the other).
  const order = ids.orderId ? await getOrder({ id: actor.id, role: "owner" }, ids.orderId, language).catch(() => null) : null;
  const clientId = order?.clientId ?? ids.clientId;
  if (!clientId) return null;
  const client = await findClientById(clientId);
  if (!client) return null;
  const orders = await orderChoicesOfClient(client.id, language);
  return {
    client,
    order: order ? { id: order.id, reference: order.reference, serviceKey: order.serviceKey, serviceTitle: order.serviceTitle } : null,
    orders: orders.map(({ id, reference, serviceTitle }) => ({ id, reference, serviceTitle })),
  };
}

/** Who a list may be assigned to: active back-office people with the `requests` feature. */
export async function requestAssignees(actor: Actor): Promise<Array<{ id: string; fullName: string }>> {
  assertRequestStaff(actor);
  return listBackOfficeUsersWith("requests");
}

export type SentReminder = { id: string; number: number; sentAt: string; missingCount: number };

/** The reminders a list was sent, first first. */
export async function remindersOfList(actor: Actor, listId: string): Promise<SentReminder[]> {
  assertRequestStaff(actor);
  return db()
    .selectFrom("requestReminders")
    .select(["id", "number", "sentAt", "missingCount"])
    .where("listId", "=", listId)
    .orderBy("number")
    .limit(100)
    .execute();
}

export type RequestHistoryEntry = { id: string; action: string; actorName: string | null; at: string; item: string | null; reason: string | null };

const STEP_ORDER = ["created", "link_sent", "link_opened", "link_refused", "submitted", "item_returned", "item_accepted", "completed", "cancelled"];

/** A list's steps as its audit trail recorded them (sent, submitted, each item accepted or returned, complete, cancelled), oldest first. */
export async function historyOfList(actor: Actor, listId: string): Promise<RequestHistoryEntry[]> {
  assertRequestStaff(actor);
  const rows = await db()
    .selectFrom("auditLog")
    .select(["id", "action", userColumnSql("actorId", "fullName").as("actorName"), "createdAt", "meta"])
    .where("targetType", "=", "request_list")
    .where("targetId", "=", listId)
    .where("action", "like", "request.%")
    .orderBy("createdAt")
    .orderBy("id")
    .limit(500)
    .execute();
  // Steps recorded within the same millisecond keep their natural order (the ids are random).
  const rank = (action: string) => STEP_ORDER.indexOf(action.replace(/^request\./, ""));
  rows.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)) || rank(a.action) - rank(b.action));
  return rows.map((row) => {
    const meta = (row.meta ?? {}) as Record<string, unknown>;
    return {
      id: row.id,
      action: row.action.replace(/^request\./, ""),
      actorName: row.actorName,
      at: row.createdAt,
      item: typeof meta.label === "string" ? meta.label : null,
      reason: typeof meta.reason === "string" ? meta.reason : null,
    };
  });
}

/** Whether the file was uploaded to an item of a request list the caller may read (staff with `requests`, or the list's client). */
export async function canReadRequestFile(actor: Actor, fileId: string): Promise<boolean> {
  if (isBackOfficeRole(actor.role) && !isRequestStaff(actor)) return false;
  const links = await db()
    .selectFrom("requestItemFiles as f")
    .innerJoin("requestItems as i", "i.id", "f.itemId")
    .select("i.listId")
    .where("f.fileId", "=", fileId)
    .limit(5)
    .execute();
  for (const link of links) {
    try {
      await readableList(actor, link.listId);
      return true;
    } catch {
      // another list, or none the caller may read
    }
  }
  return false;
}
