import { db } from "~/lib/db/db.server";
import { deleteFilesFor, listFilesFor, type StoredFile } from "~/lib/storage.server";
import { REQUEST_RECORD_TYPE, getListForClient, type RequestListDetail } from "./requests.server";

/**
 * A client's request lists as records of theirs (docs/decisions/011): what their data export holds and what
 * deleting them removes. A list on an order keeps its files among the order's documents, which the order's own
 * export and deletion handle; a list standing alone keeps them under its own record.
 */
export type RequestRecord = { list: RequestListDetail; ownFiles: StoredFile[] };

async function listIdsOfClient(clientId: string): Promise<Array<{ id: string; serviceOrderId: string | null }>> {
  return db().selectFrom("requestLists").select(["id", "serviceOrderId"]).where("clientId", "=", clientId).orderBy("createdAt").orderBy("id").execute();
}

/** Every list of the client with its items and answers, and the files of the lists that stand alone. */
export async function listRequestRecordsOfClient(clientId: string): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  for (const { id, serviceOrderId } of await listIdsOfClient(clientId)) {
    records.push({ list: await getListForClient(clientId, id), ownFiles: serviceOrderId ? [] : await listFilesFor(REQUEST_RECORD_TYPE, id) });
  }
  return records;
}

/**
 * Deletes the client's lists except those on an order the firm keeps (their answers belong with the kept
 * return), with the files of the lists that stand alone; answers how many lists and files went.
 */
export async function deleteRequestsOfClient(clientId: string, keptOrderIds: readonly string[]): Promise<{ lists: number; files: number }> {
  const kept = new Set(keptOrderIds);
  const doomed = (await listIdsOfClient(clientId)).filter((list) => !list.serviceOrderId || !kept.has(list.serviceOrderId));
  let files = 0;
  for (const list of doomed) {
    if (list.serviceOrderId) continue;
    files += (await listFilesFor(REQUEST_RECORD_TYPE, list.id)).length;
    await deleteFilesFor(REQUEST_RECORD_TYPE, list.id);
  }
  if (doomed.length > 0) {
    await db()
      .deleteFrom("requestLists")
      .where("clientId", "=", clientId)
      .where(
        "id",
        "in",
        doomed.map((list) => list.id),
      )
      .execute();
  }
  return { lists: doomed.length, files };
}

/** How many files the client's lists that stand alone hold (deleting the client deletes them). */
export async function countOwnRequestFiles(clientId: string): Promise<number> {
  const row = await db()
    .selectFrom("storedFiles")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("recordType", "=", REQUEST_RECORD_TYPE)
    .where("recordId", "in", db().selectFrom("requestLists").select("id").where("clientId", "=", clientId).where("serviceOrderId", "is", null))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
