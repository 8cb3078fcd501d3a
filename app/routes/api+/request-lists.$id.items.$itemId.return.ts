import { ReturnItemSchema } from "~/features/requests";
import { readRequestItem, readRequestList, requestApiCaller, returnItem } from "~/features/requests/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/request-lists/{id}/items/{itemId}/return `{ note }` (staff with `requests`): back on the client's to-do list, the client told. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    await readRequestItem(actor, params.id!, params.itemId!);
    const { note } = await readApiBody(request, ReturnItemSchema);
    await returnItem(actor, params.itemId!, note);
    return { requestList: await readRequestList(actor, params.id!) };
  },
});
