import { json } from "@remix-run/node";
import {
  getThread,
  isClient,
  listThreadsForClient,
  listThreadsForStaff,
  messageViewer,
  NewThreadSchema,
  parseThreadQuery,
  postMessage,
  readMessageRequest,
} from "~/features/messages/index.server";
import { apiRoute } from "~/lib/api.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/message-threads: a client pages their own threads; staff with `messages` every thread
 * (?view=all|mine|unassigned|unread|waiting|closed, q, clientId, orderId, page, perPage, after, before;
 * open and waiting by default, newest activity first); other staff 403.
 * POST: a message that opens the thread or joins the existing one: `{ clientId (staff), orderId?, body,
 * internal? (staff) }`, JSON, form or multipart with `files`; 201 `{ threadId, messageId, thread }`.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const viewer = await messageViewer(request);
    const query = parseThreadQuery(new URL(request.url));
    return pageJson("threads", isClient(viewer) ? await listThreadsForClient(viewer, query) : await listThreadsForStaff(viewer, query));
  },
  POST: async ({ request }) => {
    const viewer = await messageViewer(request);
    const { input, files } = await readMessageRequest(request, viewer, NewThreadSchema);
    const clientId = isClient(viewer) ? viewer.id : (input.clientId ?? "");
    const posted = await postMessage(viewer, { clientId, orderId: input.orderId ?? null }, { body: input.body, internal: input.internal, files });
    return json({ ...posted, thread: await getThread(viewer, posted.threadId) }, { status: 201 });
  },
});
