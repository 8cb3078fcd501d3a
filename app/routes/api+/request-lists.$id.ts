import { readRequestList, requestApiCaller } from "~/features/requests/index.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/request-lists/{id}: the list with its items and files; another client's list is 404, staff without `requests` 403. */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    return { requestList: await readRequestList(actor, params.id!) };
  },
});
