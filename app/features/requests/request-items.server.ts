import { addOrderDocuments } from "~/features/service-orders/index.server";
import { conflict, invalid } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { newId, nowIso } from "~/lib/ids.server";
import { storeFile, type CheckedUpload } from "~/lib/storage.server";
import { clientsList, itemRowsOf, itemWithList, staffsList, type Actor, type ItemRow, type ListRow } from "./request-access.server";
import { auditRequest, recordStep, tellClient } from "./request-events.server";
import { revokeRequestLinks } from "./request-links.server";
import { insertItems, REQUEST_RECORD_TYPE } from "./requests.server";
import { answerSchemaFor, type ItemDefinition } from "./requests.schema";
import { ACTIVE_LIST_STATUSES, answeredStateOf, canMoveItem, isListComplete, type ItemState } from "./status";

/**
 * A list's items: staff add, change and remove them while the list is active; the client answers,
 * uploads or marks "I don't have this" while the list is open; staff accept or return (with a
 * note) what the client gave. The list completes when every required item is accepted.
 */
function assertActive(list: ListRow): void {
  if (!ACTIVE_LIST_STATUSES.includes(list.status)) throw conflict("requests:errors.listClosed");
}

function assertClientMayChange(list: ListRow): void {
  assertActive(list);
  if (list.status !== "open") throw conflict("requests:errors.notOpen");
}

/** Moves one item from the state read to `to`, refused when someone moved it meanwhile. */
async function moveItem(
  item: ItemRow,
  to: ItemState,
  values: { answer?: string | null; notApplicableReason?: string | null; staffNote?: string | null },
): Promise<void> {
  const result = await db()
    .updateTable("requestItems")
    .set({ ...values, state: to, updatedAt: nowIso() })
    .where("id", "=", item.id)
    .where("state", "=", item.state)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict("requests:errors.changedMeanwhile");
}

async function touch(listId: string): Promise<void> {
  await db().updateTable("requestLists").set({ updatedAt: nowIso() }).where("id", "=", listId).execute();
}

/** A submitted list goes back to the client (an item returned or a required one added); an open, complete or cancelled one stays as it is. */
async function reopen(listId: string): Promise<void> {
  await db().updateTable("requestLists").set({ status: "open", updatedAt: nowIso() }).where("id", "=", listId).where("status", "=", "submitted").execute();
}

// ---------------------------------------------------------------------------
// Staff edit the list

/** A new item at the end of an active list; a submitted list goes back to the client when it is required. */
export async function addItem(actor: Actor, listId: string, definition: ItemDefinition): Promise<{ id: string }> {
  const list = await staffsList(actor, listId);
  assertActive(list);
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      // The list's row first: on PostgreSQL it stays locked to the end, so two items added at once take two positions.
      const touched = await trx
        .updateTable("requestLists")
        .set({ updatedAt: nowIso() })
        .where("id", "=", listId)
        .where("status", "in", [...ACTIVE_LIST_STATUSES])
        .executeTakeFirst();
      if (Number(touched.numUpdatedRows) !== 1) throw conflict("requests:errors.listClosed");
      const last = await trx
        .selectFrom("requestItems")
        .select((eb) => eb.fn.max("position").as("position"))
        .where("listId", "=", listId)
        .executeTakeFirst();
      const [added] = await insertItems(trx, listId, [definition], Number(last?.position ?? 0) + 1);
      return added!;
    });
  if (definition.required) await reopen(listId);
  return { id };
}

/** Changes what an item asks for; what the client already gave stays. */
export async function updateItem(actor: Actor, itemId: string, definition: ItemDefinition): Promise<void> {
  const { item, list } = await itemWithList(actor, itemId, staffsList);
  assertActive(list);
  await db()
    .updateTable("requestItems")
    .set({ ...definition, choices: definition.choices ? JSON.stringify(definition.choices) : null, updatedAt: nowIso() })
    .where("id", "=", item.id)
    .execute();
  await touch(list.id);
}

/** Removes an item (its uploaded files stay with the order's documents); a list keeps at least one item. */
export async function removeItem(actor: Actor, itemId: string): Promise<void> {
  const { item, list } = await itemWithList(actor, itemId, staffsList);
  assertActive(list);
  if ((await itemRowsOf(list.id)).length <= 1) throw conflict("requests:errors.itemsRequired");
  await db().deleteFrom("requestItems").where("id", "=", item.id).execute();
  await touch(list.id);
  await completeIfDone(actor, list.id);
}

// ---------------------------------------------------------------------------
// The client answers

/** The client's answer to a question or a confirmation, checked by its answer type (field `answer`). */
export async function answerItem(actor: Actor, itemId: string, value: unknown): Promise<void> {
  const { item, list } = await itemWithList(actor, itemId, clientsList);
  assertClientMayChange(list);
  if (item.kind === "document") throw invalid("requests:errors.notAQuestion", { field: "answer" });
  const parsed = answerSchemaFor({ kind: item.kind, answerType: item.answerType, choices: item.choices }).safeParse(value);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "requests:errors.answerRequired", { field: "answer" });
  const to = answeredStateOf(item.kind);
  if (!canMoveItem(item.state, to, "client")) throw conflict("requests:errors.transitionNotAllowed");
  await moveItem(item, to, { answer: parsed.data, notApplicableReason: null });
  await touch(list.id);
}

/**
 * Files for a document item, already checked by the storage module (type by content, size): the
 * order's documents when the list has an order (the order's rules), else stored under the list.
 */
export async function attachFiles(actor: Actor, itemId: string, uploads: CheckedUpload[]): Promise<Array<{ id: string; originalName: string }>> {
  const { item, list } = await itemWithList(actor, itemId, clientsList);
  assertClientMayChange(list);
  if (item.kind !== "document") throw invalid("requests:errors.notADocument", { field: "files" });
  if (uploads.length === 0) throw invalid("requests:errors.filesRequired", { field: "files" });
  const to = answeredStateOf(item.kind);
  if (!canMoveItem(item.state, to, "client")) throw conflict("requests:errors.transitionNotAllowed");
  const stored = list.serviceOrderId
    ? await addOrderDocuments(actor, list.serviceOrderId, uploads)
    : await Promise.all(uploads.map((upload) => storeFile(upload, { uploadedBy: actor.id, recordType: REQUEST_RECORD_TYPE, recordId: list.id })));
  const now = nowIso();
  await db()
    .insertInto("requestItemFiles")
    .values(stored.map((file) => ({ id: newId(), itemId: item.id, fileId: file.id, createdAt: now })))
    .execute();
  await moveItem(item, to, { notApplicableReason: null });
  await touch(list.id);
  return stored.map((file) => ({ id: file.id, originalName: file.originalName }));
}

/** "I don't have this", with the client's reason. */
export async function markNotApplicable(actor: Actor, itemId: string, reason: string): Promise<void> {
  const { item, list } = await itemWithList(actor, itemId, clientsList);
  assertClientMayChange(list);
  const cleanReason = reason.trim();
  if (!cleanReason) throw invalid("requests:errors.reasonRequired", { field: "reason" });
  if (!canMoveItem(item.state, "not_applicable", "client")) throw conflict("requests:errors.transitionNotAllowed");
  await moveItem(item, "not_applicable", { notApplicableReason: cleanReason });
  await touch(list.id);
}

// ---------------------------------------------------------------------------
// Staff review

/** Staff accept what the client gave; the list completes when every required item is accepted. */
export async function acceptItem(actor: Actor, itemId: string, note?: string | null): Promise<{ listComplete: boolean }> {
  const { item, list } = await itemWithList(actor, itemId, staffsList);
  assertActive(list);
  if (!canMoveItem(item.state, "accepted", "staff")) throw conflict("requests:errors.transitionNotAllowed");
  await moveItem(item, "accepted", { staffNote: note?.trim() || null });
  await auditRequest(actor, "request.item_accepted", list.id, { itemId: item.id, label: item.label });
  await recordStep(actor, list, "accepted", { item: item.label });
  await touch(list.id);
  return { listComplete: await completeIfDone(actor, list.id) };
}

/** Staff return an item with a note saying what is needed: it is back on the client's to-do list, and the client is told. */
export async function returnItem(actor: Actor, itemId: string, note: string): Promise<void> {
  const { item, list } = await itemWithList(actor, itemId, staffsList);
  assertActive(list);
  const cleanNote = note.trim();
  if (!cleanNote) throw invalid("requests:errors.noteRequired", { field: "note" });
  if (!canMoveItem(item.state, "returned", "staff")) throw conflict("requests:errors.transitionNotAllowed");
  await moveItem(item, "returned", { staffNote: cleanNote });
  await reopen(list.id);
  await auditRequest(actor, "request.item_returned", list.id, { itemId: item.id, label: item.label });
  await recordStep(actor, list, "returned", { item: item.label, note: cleanNote });
  await tellClient(actor, list, "returned", { item: item.label, note: cleanNote });
}

/** Completes an active list whose required items are all accepted (once, even when two reviews finish together). */
async function completeIfDone(actor: Actor, listId: string): Promise<boolean> {
  const items = await itemRowsOf(listId);
  if (!isListComplete(items)) return false;
  const now = nowIso();
  const list = await db()
    .updateTable("requestLists")
    .set({ status: "complete", completedAt: now, updatedAt: now })
    .where("id", "=", listId)
    .where("status", "in", [...ACTIVE_LIST_STATUSES])
    .returningAll()
    .executeTakeFirst();
  if (!list) return false;
  await revokeRequestLinks(listId);
  await auditRequest(actor, "request.completed", listId, { title: list.title });
  await recordStep(actor, list, "completed");
  await tellClient(actor, list, "completed");
  return true;
}
