import { json } from "@remix-run/node";
import { UpdateMeApiSchema } from "~/features/auth";
import { requireUser } from "~/core/identity/guards.server";
import { setOwnAvatarUrl, updateOwnProfile } from "~/features/users/index.server";
import { publicFields } from "~/core/identity/directory.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/**
 * GET /api/auth/me → the signed-in user `{ id, email, role, fullName, avatarUrl, enabledFeatures, emailVerified, locale }`.
 * PATCH /api/auth/me `{ fullName?, avatarUrl?, locale?, phone?, postalAddress? }` → the updated user. `avatarUrl` may be
 * null or "" (removes the picture) or the current one; pictures are uploaded on the profile page.
 * `phone` and `postalAddress` (GET /api/profile/me shows them) are cleared by null or "".
 * No session → 401.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return json(publicFields(user), { headers: { "Cache-Control": "no-store" } });
  },
  PATCH: async ({ request }) => {
    const user = await requireUser(request);
    const { avatarUrl, ...rest } = await readApiBody(request, UpdateMeApiSchema);
    if (avatarUrl !== undefined) await setOwnAvatarUrl(user, avatarUrl);
    return updateOwnProfile(user.id, rest);
  },
});
