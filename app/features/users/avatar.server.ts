import type { ExpressionBuilder, Kysely } from "kysely";
import { invalid, notFound, rateLimited } from "~/lib/app-error";
import { isBackOfficeRole } from "~/lib/features";
import { consume } from "~/lib/rate-limit.server";
import { db, isPostgres } from "~/lib/db/db.server";
import type { Database } from "~/lib/db/schema";
import { nowIso } from "~/lib/ids.server";
import { readOneFileForm } from "~/lib/upload-form.server";
import { deleteStoredFile, detectAllowedType, findStoredFile, readStoredFile, sanitizeFileName, storeFile } from "~/lib/storage.server";
import { AVATAR_MAX_BYTES, AVATAR_MAX_MB, AVATAR_MIME_TYPES, avatarPath } from "./avatar";
import { AVATAR_RECORD_TYPE, requirePublicUser } from "./users.server";
import { type PublicUser } from "~/core/identity/directory.server";

/**
 * The profile's picture (the user's avatarUrl). An image uploaded by its owner, checked
 * by its content (PNG, JPEG or WebP, at most AVATAR_MAX_MB), stored encrypted like every
 * upload (lib/storage, record type "avatar", record id = the user), and served by
 * /resources/avatars/{fileId} to its owner and the back-office. `users.avatar_url` holds
 * that path; a new picture gets a new file id, so the path can be cached for good.
 */

/** The avatar form: multipart, parsed with the avatar's own size limit (a larger file is drained, never kept). */
export async function readAvatarForm(request: Request): Promise<{ fields: URLSearchParams; file: File | null; tooLarge: boolean }> {
  const { fields, file, tooLarge } = await readOneFileForm(request, "avatar", AVATAR_MAX_BYTES);
  return { fields, file, tooLarge: tooLarge !== null };
}

const tooLarge = () => invalid("users:errors.avatarTooLarge", { field: "avatar", params: { max: AVATAR_MAX_MB } });

/** Checks and stores a new avatar, replaces the previous one (its file is deleted) and answers the updated user. */
export async function saveAvatar(userId: string, file: File | null, options: { tooLarge?: boolean } = {}): Promise<PublicUser> {
  if (options.tooLarge) throw tooLarge();
  if (!file || file.size === 0) throw invalid("users:errors.avatarRequired", { field: "avatar" });
  if (file.size > AVATAR_MAX_BYTES) throw tooLarge();
  if (!(await consume("upload:user", userId)).ok) throw rateLimited(60 * 60, "users:errors.avatarRateLimited");
  const buffer = Buffer.from(await file.arrayBuffer());
  const type = await detectAllowedType(buffer, file.name);
  if (!type || !AVATAR_MIME_TYPES.includes(type.mime)) throw invalid("users:errors.avatarType", { field: "avatar" });

  const stored = await storeFile(
    { buffer, originalName: sanitizeFileName(file.name), type },
    { uploadedBy: userId, recordType: AVATAR_RECORD_TYPE, recordId: userId },
  );
  if (await pointAvatarAt(userId, stored.id, avatarPath(stored.id))) await deleteAvatars(userId, stored.id, "before");
  else await deleteStoredFile(stored.id); // a newer picture came in meanwhile (another tab): it stays
  return requirePublicUser(userId);
}

/** Removes the avatar (the initials show again), unless a newer picture came in meanwhile. */
export async function removeAvatar(userId: string): Promise<PublicUser> {
  const [newest] = await avatarFiles(userId).select("id").orderBy("createdAt", "desc").orderBy("id", "desc").limit(1).execute();
  if (!newest) {
    await db().updateTable("users").set({ avatarUrl: null, updatedAt: nowIso() }).where("id", "=", userId).execute();
  } else if (await pointAvatarAt(userId, newest.id, null)) {
    await deleteAvatars(userId, newest.id, "upTo");
  }
  return requirePublicUser(userId);
}

/*
 * Two tabs may change the picture at once. The avatar files are ordered by (created_at, id), and the
 * latest change wins: a change sets users.avatar_url only while its file (for a removal: the newest file it
 * saw) still exists and no newer avatar file does, in one statement; then it deletes the files up to its
 * own. So avatar_url never names a deleted file, and the last picture left is the one shown. On PostgreSQL
 * the user's row is locked first, so the statement's look at the files starts after the other tab's change
 * committed (a statement that waited on the row lock would otherwise judge the files as they were before).
 */

function avatarFiles(userId: string, executor: Kysely<Database> = db()) {
  return executor.selectFrom("storedFiles").where("recordType", "=", AVATAR_RECORD_TYPE).where("recordId", "=", userId);
}

/** Sets avatar_url when `markId` is still there and no avatar file newer than it is; whether it did. */
async function pointAvatarAt(userId: string, markId: string, avatarUrl: string | null): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      if (isPostgres()) await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
      const result = await trx
        .updateTable("users")
        .set({ avatarUrl, updatedAt: nowIso() })
        .where("id", "=", userId)
        .where((eb) => eb.exists(avatarFiles(userId, trx).select("id").where("id", "=", markId)))
        .where((eb) =>
          eb.not(
            eb.exists(
              avatarFiles(userId, trx)
                .select("id")
                .where((file) => relativeTo(file, markId, "after")),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
}

/** Deletes the user's avatar files before `markId` (or up to it, itself included), with their bytes. */
async function deleteAvatars(userId: string, markId: string, side: "before" | "upTo"): Promise<void> {
  const old = await avatarFiles(userId)
    .select("id")
    .where((file) => relativeTo(file, markId, side))
    .execute();
  for (const { id } of old) await deleteStoredFile(id);
}

/** Where a stored file stands against the file `markId` in the order (created_at, id). */
function relativeTo(eb: ExpressionBuilder<Database, "storedFiles">, markId: string, side: "before" | "upTo" | "after") {
  const markAt = eb.selectFrom("storedFiles as mark").select("mark.createdAt").where("mark.id", "=", markId);
  const [time, id] = side === "after" ? ([">", ">"] as const) : side === "before" ? (["<", "<"] as const) : (["<", "<="] as const);
  return eb.or([eb("storedFiles.createdAt", time, markAt), eb.and([eb("storedFiles.createdAt", "=", markAt), eb("storedFiles.id", id, markId)])]);
}

/**
 * The API's `avatarUrl` (PATCH /api/auth/me): null or "" removes the picture; the only other
 * value accepted is the caller's own current avatar path (no other address: the page's CSP
 * allows no outside image, and an outside image would tell another site who looks at it).
 */
export async function setOwnAvatarUrl(user: Pick<PublicUser, "id" | "avatarUrl">, avatarUrl: string | null): Promise<void> {
  if (!avatarUrl) {
    if (user.avatarUrl) await removeAvatar(user.id);
    return;
  }
  if (avatarUrl !== user.avatarUrl) throw invalid("users:errors.avatarUrlInvalid", { field: "avatarUrl" });
}

/**
 * An avatar's image for a viewer: its owner and back-office users (who see the people they
 * work with). Anything else, an unknown id or another record's file, is the same 404.
 */
export async function readAvatar(viewer: { id: string; role: string }, fileId: string): Promise<{ content: Buffer; mimeType: string }> {
  const file = await findStoredFile(fileId);
  if (!file || file.recordType !== AVATAR_RECORD_TYPE || !file.recordId) throw notFound("users:errors.avatarNotFound");
  if (file.recordId !== viewer.id && !isBackOfficeRole(viewer.role)) throw notFound("users:errors.avatarNotFound");
  const stored = await readStoredFile(file.id);
  if (!stored) throw notFound("users:errors.avatarNotFound");
  return { content: stored.content, mimeType: file.mimeType };
}
