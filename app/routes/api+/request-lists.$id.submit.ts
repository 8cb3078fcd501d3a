import { readRequestList, requestApiCaller, submitList } from "~/features/requests/index.server";
import { apiRoute } from "~/lib/api.server";

/** POST /api/request-lists/{id}/submit (the list's client): handed in for review once no required item is left to do (else 409). */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    await submitList(actor, params.id!);
    return { requestList: await readRequestList(actor, params.id!) };
  },
});
