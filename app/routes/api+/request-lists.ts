import { json } from "@remix-run/node";
import { CreateListSchema, parseRequestListQuery } from "~/features/requests";
import { createList, listLists, listsOfClient, readRequestList, requestApiCaller } from "~/features/requests/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { isBackOfficeRole } from "~/lib/features";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/request-lists: staff with `requests` page every list (?page, perPage, status, view=overdue|review,
 * assignee (an id or "none"), clientId, sort=due|created; active lists by default); a client gets their own.
 * POST (staff with `requests`): a new list for a client, from `items` or a `templateId`, optionally on one of
 * the client's orders (`serviceOrderId`); 201 with the list. Staff without the feature: 403.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const actor = await requestApiCaller(request);
    if (!isBackOfficeRole(actor.role)) return { requestLists: await listsOfClient(actor, actor.id) };
    return pageJson("requestLists", await listLists(actor, parseRequestListQuery(new URL(request.url))));
  },
  POST: async ({ request }) => {
    const actor = await requestApiCaller(request);
    const input = await readApiBody(request, CreateListSchema);
    const { id } = await createList(actor, input);
    return json({ requestList: await readRequestList(actor, id) }, { status: 201 });
  },
});
