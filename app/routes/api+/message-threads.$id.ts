import { getThread, messageViewer } from "~/features/messages/index.server";
import { apiRoute } from "~/lib/api.server";
import { AppError } from "~/lib/app-error";

/**
 * GET /api/message-threads/{id}[?before=<messageId>]: the thread with its latest 50 messages (or the 50
 * before one), oldest first, `hasOlder`; a client never gets an internal note. Not the caller's: 404.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await messageViewer(request);
    const before = new URL(request.url).searchParams.get("before") ?? undefined;
    const thread = await getThread(viewer, params.id!, { before });
    if (!thread) throw new AppError(404, "messages:errors.notFound");
    return { thread };
  },
});
