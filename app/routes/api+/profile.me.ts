import { json } from "@remix-run/node";
import { requireUser } from "~/core/identity/guards.server";
import { getContactDetails } from "~/features/users/index.server";
import { apiRoute } from "~/lib/api.server";

/**
 * GET /api/profile/me → `{ profile: { fullName, avatarUrl, phone, postalAddress } }` (the
 * phone and postal address are null where not given, and changed by PATCH /api/auth/me).
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const contact = await getContactDetails(user.id);
    return json({ profile: { fullName: user.fullName, avatarUrl: user.avatarUrl, ...contact } }, { headers: { "Cache-Control": "no-store" } });
  },
});
