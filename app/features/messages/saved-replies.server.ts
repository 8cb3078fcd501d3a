import { invalid, notFound } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { isLanguage } from "~/lib/i18n/config";
import { newId, nowIso } from "~/lib/ids.server";
import { assertMessageStaff } from "./access.server";
import type { MessageViewer, SavedReply } from "./types.server";

/** Saved replies (table saved_replies): texts staff insert into a reply, per language. Staff with `messages` only. */
export const MAX_SAVED_REPLIES = 500;
export const MAX_TITLE_LENGTH = 120;
export const MAX_REPLY_LENGTH = 10_000;

export type SavedReplyInput = { locale: string; title: string; body: string };

const notFoundReply = () => notFound("messages:errors.savedReplyNotFound");

function checked(input: SavedReplyInput): SavedReplyInput {
  const title = input.title.trim();
  const body = input.body.replace(/\r\n/g, "\n").trim();
  if (!isLanguage(input.locale)) throw invalid("messages:errors.localeInvalid", { field: "locale" });
  if (title.length === 0) throw invalid("messages:errors.titleRequired", { field: "title" });
  if (title.length > MAX_TITLE_LENGTH) throw invalid("messages:errors.titleTooLong", { field: "title", params: { max: MAX_TITLE_LENGTH } });
  if (body.length === 0) throw invalid("messages:errors.bodyRequired", { field: "body" });
  if (body.length > MAX_REPLY_LENGTH) throw invalid("messages:errors.bodyTooLong", { field: "body", params: { max: MAX_REPLY_LENGTH } });
  return { locale: input.locale, title, body };
}

/** The saved replies of one language (or all), by language and title. */
export async function listSavedReplies(viewer: MessageViewer, locale?: string): Promise<SavedReply[]> {
  assertMessageStaff(viewer);
  let query = db().selectFrom("savedReplies").select(["id", "locale", "title", "body"]);
  if (locale) query = query.where("locale", "=", locale);
  return query.orderBy("locale").orderBy("title").orderBy("id").limit(MAX_SAVED_REPLIES).execute();
}

export async function createSavedReply(viewer: MessageViewer, input: SavedReplyInput): Promise<SavedReply> {
  assertMessageStaff(viewer);
  const reply = { id: newId(), ...checked(input) };
  const now = nowIso();
  await db()
    .insertInto("savedReplies")
    .values({ ...reply, createdBy: viewer.id, createdAt: now, updatedAt: now })
    .execute();
  return reply;
}

export async function updateSavedReply(viewer: MessageViewer, id: string, input: SavedReplyInput): Promise<SavedReply> {
  assertMessageStaff(viewer);
  const reply = checked(input);
  const result = await db()
    .updateTable("savedReplies")
    .set({ ...reply, updatedAt: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFoundReply();
  return { id, ...reply };
}

export async function deleteSavedReply(viewer: MessageViewer, id: string): Promise<void> {
  assertMessageStaff(viewer);
  const result = await db().deleteFrom("savedReplies").where("id", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw notFoundReply();
}
