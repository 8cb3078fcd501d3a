import { NotApplicableSchema } from "~/features/requests";
import { markNotApplicable, readRequestItem, requestApiCaller } from "~/features/requests/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/request-lists/{id}/items/{itemId}/not-applicable `{ reason }` (the list's client, while it is open): "I don't have this". */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    await readRequestItem(actor, params.id!, params.itemId!);
    const { reason } = await readApiBody(request, NotApplicableSchema);
    await markNotApplicable(actor, params.itemId!, reason);
    return { item: await readRequestItem(actor, params.id!, params.itemId!) };
  },
});
