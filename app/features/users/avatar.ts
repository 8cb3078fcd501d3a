/** The avatar's limits and address, shared by the server and the profile form. */
export const AVATAR_MAX_MB = 2;
export const AVATAR_MAX_BYTES = AVATAR_MAX_MB * 1024 * 1024;
export const AVATAR_MIME_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/webp"];
/** The browser's file-picker hint; the server decides from the content. */
export const AVATAR_ACCEPT = "image/png,image/jpeg,image/webp";

export function avatarPath(fileId: string): string {
  return `/resources/avatars/${fileId}`;
}

/**
 * The avatar is also remembered locally: the browser keeps the signed-in
 * user's avatar address under this localStorage key, so that every open tab's header
 * shows a new picture at once (the `storage` event), and forgets it at sign-out.
 */
export const AVATAR_STORAGE_KEY = "firm_avatar_url";
