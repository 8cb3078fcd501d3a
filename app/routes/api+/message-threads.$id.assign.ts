import { AssignSchema, assignThread, getThread, messageViewer } from "~/features/messages/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/message-threads/{id}/assign `{ assigneeId: id | null }` (staff with `messages`; `null` unassigns): `{ thread }`. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const viewer = await messageViewer(request);
    const { assigneeId } = await readApiBody(request, AssignSchema);
    await assignThread(viewer, params.id!, assigneeId);
    return { thread: await getThread(viewer, params.id!) };
  },
});
