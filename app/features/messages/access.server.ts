import { forbidden, notFound } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { canUseBackOffice, isBackOfficeRole } from "~/lib/features";
import type { MessageViewer, ThreadState } from "./types.server";

/**
 * Who reaches a thread, for every function of the area. Staff "see the thread" when they are the
 * owner or an admin, or staff granted `messages`; a client sees only threads of their own, and never
 * an internal note. Anyone else asking for a thread gets "not found", so a thread's existence is
 * never revealed (staff without the feature included).
 */
export const notFoundThread = () => notFound("messages:errors.notFound");
export const notFoundMessage = () => notFound("messages:errors.messageNotFound");

export function isMessageStaff(viewer: Pick<MessageViewer, "role" | "enabledFeatures">): boolean {
  return canUseBackOffice(viewer, "messages");
}

export function isClient(viewer: Pick<MessageViewer, "role">): boolean {
  return !isBackOfficeRole(viewer.role);
}

/** Staff work (assign, close, saved replies, remove a message): others are refused outright. */
export function assertMessageStaff(viewer: MessageViewer): void {
  if (!isMessageStaff(viewer)) throw forbidden();
}

export async function findThreadRow(id: string) {
  const row = await db().selectFrom("messageThreads").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...row, state: row.state as ThreadState } : null;
}
export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThreadRow>>>;

/** Whether the viewer may see this thread at all (not its internal notes: see `seesInternal`). */
export function maySee(viewer: MessageViewer, thread: Pick<ThreadRow, "clientId">): boolean {
  if (isBackOfficeRole(viewer.role)) return isMessageStaff(viewer);
  return thread.clientId === viewer.id;
}

/** Internal notes are for staff who see the thread; a client never sees one. */
export function seesInternal(viewer: MessageViewer): boolean {
  return isMessageStaff(viewer);
}

/** The thread when the viewer may see it, else null (missing or not theirs alike). */
export async function visibleThread(viewer: MessageViewer, id: string): Promise<ThreadRow | null> {
  if (isBackOfficeRole(viewer.role) && !isMessageStaff(viewer)) return null;
  const thread = await findThreadRow(id);
  if (!thread || !maySee(viewer, thread)) return null;
  // A thread the firm started with only internal notes so far is not yet the client's to see.
  if (isClient(viewer) && thread.lastPublicMessageAt === null) return null;
  return thread;
}

/** As visibleThread, for writes: the area's 404 instead of null. */
export async function requireThread(viewer: MessageViewer, id: string): Promise<ThreadRow> {
  const thread = await visibleThread(viewer, id);
  if (!thread) throw notFoundThread();
  return thread;
}

/** A thread for staff work: staff without the feature and clients get the same 404 as for a missing one. */
export async function requireStaffThread(viewer: MessageViewer, id: string): Promise<ThreadRow> {
  if (!isMessageStaff(viewer)) throw notFoundThread();
  return requireThread(viewer, id);
}
