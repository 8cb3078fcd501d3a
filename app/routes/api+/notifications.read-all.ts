import { markAllNotificationsRead } from "~/features/notifications/index.server";
import { requireUser } from "~/core/identity/guards.server";
import { apiRoute } from "~/lib/api.server";

/** PUT /api/notifications/read-all → { count }. */
export const { loader, action } = apiRoute({
  PUT: async ({ request }) => {
    const user = await requireUser(request);
    return { count: await markAllNotificationsRead(user.id) };
  },
});
