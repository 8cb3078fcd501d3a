import { json } from "@remix-run/node";
import { deleteAllNotifications, listNotifications, readerLanguage } from "~/features/notifications/index.server";
import { ListQuerySchema } from "~/features/notifications";
import { requireUser } from "~/core/identity/guards.server";
import { apiRoute, readApiQuery } from "~/lib/api.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/notifications?page&limit&read (`after`/`before` take an answer's
 * nextCursor/prevCursor) → { notifications, page, perPage, limit, total, totalCapped,
 * pageCount, nextCursor, prevCursor } · DELETE /api/notifications → { count }.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const query = readApiQuery(request, ListQuerySchema);
    const page = await listNotifications(user.id, query, await readerLanguage(request, user));
    return json({ ...pageJson("notifications", page), limit: page.perPage }, { headers: { "Cache-Control": "no-store" } });
  },
  DELETE: async ({ request }) => {
    const user = await requireUser(request);
    return { count: await deleteAllNotifications(user.id) };
  },
});
