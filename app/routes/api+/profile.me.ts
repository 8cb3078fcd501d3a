import { json } from "@remix-run/node";
import { requireUser } from "~/features/auth/guards.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/profile/me → `{ profile: { fullName, avatarUrl } }` (spec §7). */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return json({ profile: { fullName: user.fullName, avatarUrl: user.avatarUrl } }, { headers: { "Cache-Control": "no-store" } });
  },
});
