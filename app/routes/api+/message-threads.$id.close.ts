import { getThread, messageViewer, setThreadState } from "~/features/messages/index.server";
import { apiRoute } from "~/lib/api.server";

/** POST /api/message-threads/{id}/close (staff with `messages`): the thread is closed (a client's new message reopens it); `{ thread }`. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const viewer = await messageViewer(request);
    await setThreadState(viewer, params.id!, "closed");
    return { thread: await getThread(viewer, params.id!) };
  },
});
