import { unstable_parseMultipartFormData } from "@remix-run/node";
import { invalid, notFound, rateLimited } from "~/lib/app-error";
import { isBackOfficeRole } from "~/lib/features";
import { consume } from "~/lib/rate-limit.server";
import { createUploadHandler, deleteStoredFile, detectAllowedType, findStoredFile, listFilesFor, readStoredFile, sanitizeFileName, storeFile } from "~/lib/storage.server";
import { AVATAR_MAX_BYTES, AVATAR_MAX_MB, AVATAR_MIME_TYPES, avatarPath } from "./avatar";
import { AVATAR_RECORD_TYPE, updateOwnProfile, type PublicUser } from "./users.server";

/**
 * The profile's picture (spec §3 avatarUrl). An image uploaded by its owner, checked
 * by its content (PNG, JPEG or WebP, at most AVATAR_MAX_MB), stored encrypted like every
 * upload (lib/storage, record type "avatar", record id = the user), and served by
 * /resources/avatars/{fileId} to its owner and the back-office. `users.avatar_url` holds
 * that path; a new picture gets a new file id, so the path can be cached for good.
 */

/** The avatar form: multipart, parsed with the avatar's own size limit (a larger file is drained, never kept). */
export async function readAvatarForm(request: Request): Promise<{ fields: URLSearchParams; file: File | null; tooLarge: boolean }> {
  const { handler, rejected } = createUploadHandler(AVATAR_MAX_BYTES);
  const form = await unstable_parseMultipartFormData(request, handler);
  const fields = new URLSearchParams();
  let file: File | null = null;
  for (const [name, value] of form) {
    if (typeof value === "string") fields.append(name, value);
    else if (name === "avatar" && !file) file = value;
  }
  return { fields, file, tooLarge: rejected.some((rejection) => rejection.problem === "too_large") };
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

  const previous = await listFilesFor(AVATAR_RECORD_TYPE, userId);
  const stored = await storeFile({ buffer, originalName: sanitizeFileName(file.name), type }, { uploadedBy: userId, recordType: AVATAR_RECORD_TYPE, recordId: userId });
  const user = await updateOwnProfile(userId, { avatarUrl: avatarPath(stored.id) });
  for (const old of previous) await deleteStoredFile(old.id);
  return user;
}

/** Removes the avatar (the initials show again). */
export async function removeAvatar(userId: string): Promise<PublicUser> {
  const previous = await listFilesFor(AVATAR_RECORD_TYPE, userId);
  const user = await updateOwnProfile(userId, { avatarUrl: null });
  for (const old of previous) await deleteStoredFile(old.id);
  return user;
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
