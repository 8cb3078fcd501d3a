import { db } from "~/lib/db/db.server";
import { toJson } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { emitToUser } from "~/lib/realtime.server";

/**
 * The one way any area tells a user something. Title and body are i18n keys
 * ("notifications:types.order_status.title") with parameters, so each reader
 * sees them in their own language. Stores the row and pushes it live.
 */
export type NotifyInput = {
  userId: string;
  type: string;
  titleKey: string;
  bodyKey?: string | null;
  params?: Record<string, string | number>;
  link?: string | null;
  broadcastId?: string | null;
};

export const NOTIFICATION_EVENT = "notification:new";

export async function notify(input: NotifyInput): Promise<string> {
  const id = newId();
  const row = await db()
    .insertInto("notifications")
    .values({
      id,
      userId: input.userId,
      type: input.type,
      titleKey: input.titleKey,
      bodyKey: input.bodyKey ?? null,
      params: toJson(input.params ?? {}),
      link: input.link ?? null,
      broadcastId: input.broadcastId ?? null,
    })
    .returning(["id", "type", "titleKey", "bodyKey", "params", "link", "read", "createdAt"])
    .executeTakeFirstOrThrow();
  emitToUser(input.userId, NOTIFICATION_EVENT, { ...row, _id: row.id });
  return id;
}

export async function countUnread(userId: string): Promise<number> {
  const { count } = await db()
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .where("read", "=", false)
    .executeTakeFirstOrThrow();
  return Number(count);
}
