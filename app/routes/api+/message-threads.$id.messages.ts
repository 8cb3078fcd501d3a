import { json } from "@remix-run/node";
import { MessageBodySchema, messageViewer, postMessage, readMessageRequest } from "~/features/messages/index.server";
import { apiRoute } from "~/lib/api.server";

/**
 * POST /api/message-threads/{id}/messages: `{ body, internal? (staff) }` as JSON or a form, or multipart with up
 * to 10 `files` (an order's document rules); 201 `{ threadId, messageId }`. Not the caller's thread: 404.
 */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const viewer = await messageViewer(request);
    const { input, files } = await readMessageRequest(request, viewer, MessageBodySchema);
    return json(await postMessage(viewer, { threadId: params.id! }, { body: input.body, internal: input.internal, files }), { status: 201 });
  },
});
