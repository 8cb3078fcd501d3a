import { getThread, messageViewer, setThreadState } from "~/features/messages/index.server";
import { apiRoute } from "~/lib/api.server";

/** POST /api/message-threads/{id}/reopen (staff with `messages`): the thread is open again; `{ thread }`. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const viewer = await messageViewer(request);
    await setThreadState(viewer, params.id!, "open");
    return { thread: await getThread(viewer, params.id!) };
  },
});
