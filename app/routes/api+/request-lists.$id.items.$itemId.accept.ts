import { AcceptItemSchema } from "~/features/requests";
import { acceptItem, readRequestItem, readRequestList, requestApiCaller } from "~/features/requests/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/request-lists/{id}/items/{itemId}/accept `{ note? }` (staff with `requests`): the list completes when every required item is accepted. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    await readRequestItem(actor, params.id!, params.itemId!);
    const { note } = await readApiBody(request, AcceptItemSchema);
    const { listComplete } = await acceptItem(actor, params.itemId!, note);
    return { listComplete, requestList: await readRequestList(actor, params.id!) };
  },
});
