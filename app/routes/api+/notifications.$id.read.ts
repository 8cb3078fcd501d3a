import { markNotificationRead, readerLanguage } from "~/features/notifications/index.server";
import { requireUser } from "~/core/identity/guards.server";
import { apiRoute } from "~/lib/api.server";
import { notFound } from "~/lib/app-error";

/** PUT /api/notifications/{id}/read → { notification }. Another user's notification is a 404. */
export const { loader, action } = apiRoute({
  PUT: async ({ request, params }) => {
    const user = await requireUser(request);
    const notification = await markNotificationRead(user.id, params.id ?? "", await readerLanguage(request, user));
    if (!notification) throw notFound("notifications:errors.notFound");
    return { notification };
  },
});
