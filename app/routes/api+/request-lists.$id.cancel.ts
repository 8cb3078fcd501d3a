import { CancelListSchema } from "~/features/requests";
import { cancelList, readRequestList, requestApiCaller } from "~/features/requests/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/request-lists/{id}/cancel `{ reason? }` (staff with `requests`): an active list is cancelled and its links stop working. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    const { reason } = await readApiBody(request, CancelListSchema);
    await cancelList(actor, params.id!, reason);
    return { requestList: await readRequestList(actor, params.id!) };
  },
});
