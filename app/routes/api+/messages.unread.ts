import { json } from "@remix-run/node";
import { messageViewer, unreadThreadCount, UNREAD_COUNT_CAP } from "~/features/messages/index.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/messages/unread → `{ count, capped }`: the caller's unread threads (the sidebar's badge; `capped` beyond 99). */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const count = await unreadThreadCount(await messageViewer(request));
    return json({ count: Math.min(count, UNREAD_COUNT_CAP), capped: count > UNREAD_COUNT_CAP }, { headers: { "Cache-Control": "no-store" } });
  },
});
