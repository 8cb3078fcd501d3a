import { forbidden, notFound } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { canUseBackOffice, isBackOfficeRole } from "~/lib/features";
import type { ItemState, ListStatus, RequestItemKind, AnswerType } from "./status";

/**
 * Who reaches a request list, for every function of the area: staff with the `requests` feature
 * (owner and admins have it) reach every list; a client only their own (another's, or a missing
 * one, is "not found"); other staff are refused.
 */
export type Actor = { id: string; role: string; enabledFeatures: readonly string[]; ip?: string | null };

export const notFoundList = () => notFound("requests:errors.notFound");
export const notFoundItem = () => notFound("requests:errors.itemNotFound");

export function isRequestStaff(actor: Actor): boolean {
  return canUseBackOffice(actor, "requests");
}

export function assertRequestStaff(actor: Actor): void {
  if (!isRequestStaff(actor)) throw forbidden();
}

export async function findListRow(id: string) {
  const row = await db().selectFrom("requestLists").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...row, status: row.status as ListStatus } : null;
}
export type ListRow = NonNullable<Awaited<ReturnType<typeof findListRow>>>;

export async function findItemRow(id: string) {
  const row = await db().selectFrom("requestItems").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...row, kind: row.kind as RequestItemKind, answerType: row.answerType as AnswerType | null, state: row.state as ItemState } : null;
}
export type ItemRow = NonNullable<Awaited<ReturnType<typeof findItemRow>>>;

export async function itemRowsOf(listId: string): Promise<ItemRow[]> {
  const rows = await db().selectFrom("requestItems").selectAll().where("listId", "=", listId).orderBy("position").orderBy("id").execute();
  return rows.map((row) => ({ ...row, kind: row.kind as RequestItemKind, answerType: row.answerType as AnswerType | null, state: row.state as ItemState }));
}

/** A list the caller may read: staff with the feature, or its client. */
export async function readableList(actor: Actor, id: string): Promise<ListRow> {
  if (isBackOfficeRole(actor.role)) assertRequestStaff(actor);
  const list = await findListRow(id);
  if (!list || (!isBackOfficeRole(actor.role) && list.clientId !== actor.id)) throw notFoundList();
  return list;
}

/** A list its client acts on (answers, submits); staff do not answer for the client. */
export async function clientsList(actor: Actor, id: string): Promise<ListRow> {
  if (isBackOfficeRole(actor.role)) throw forbidden();
  return readableList(actor, id);
}

/** A list staff act on (edit, review, cancel). */
export async function staffsList(actor: Actor, id: string): Promise<ListRow> {
  assertRequestStaff(actor);
  const list = await findListRow(id);
  if (!list) throw notFoundList();
  return list;
}

/** An item and its list, reached as `reach` reaches the list; an item of a list the caller cannot reach is "not found". */
export async function itemWithList(
  actor: Actor,
  itemId: string,
  reach: (actor: Actor, listId: string) => Promise<ListRow>,
): Promise<{ item: ItemRow; list: ListRow }> {
  if (isBackOfficeRole(actor.role)) assertRequestStaff(actor);
  const item = await findItemRow(itemId);
  if (!item) throw notFoundItem();
  try {
    return { item, list: await reach(actor, item.listId) };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw notFoundItem();
    throw error;
  }
}
