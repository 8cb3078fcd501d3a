import { markThreadRead, messageViewer } from "~/features/messages/index.server";
import { apiRoute } from "~/lib/api.server";

/** POST /api/message-threads/{id}/read: the caller has read the thread up to its newest message they may see. `{ ok: true }`. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    await markThreadRead(await messageViewer(request), params.id!);
    return { ok: true };
  },
});
