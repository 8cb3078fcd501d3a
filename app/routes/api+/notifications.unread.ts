import { json } from "@remix-run/node";
import { countUnread } from "~/features/notifications/index.server";
import { requireUser } from "~/core/identity/guards.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/notifications/unread → { count } (the browser polls it every 30 s). */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return json({ count: await countUnread(user.id) }, { headers: { "Cache-Control": "no-store" } });
  },
});
