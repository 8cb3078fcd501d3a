import { deleteNotification } from "~/features/notifications/index.server";
import { requireUser } from "~/core/identity/guards.server";
import { apiRoute } from "~/lib/api.server";
import { notFound } from "~/lib/app-error";

/** DELETE /api/notifications/{id} → { id, deleted }. Another user's notification is a 404, as if absent. */
export const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    const user = await requireUser(request);
    if (!(await deleteNotification(user.id, params.id ?? ""))) throw notFound("notifications:errors.notFound");
    return { id: params.id, deleted: true };
  },
});
