import { AnswerSchema } from "~/features/requests";
import { answerItem, readRequestItem, requestApiCaller } from "~/features/requests/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/request-lists/{id}/items/{itemId}/answer `{ answer }` (the list's client, while it is open): checked by the item's answer type. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    await readRequestItem(actor, params.id!, params.itemId!);
    const { answer } = await readApiBody(request, AnswerSchema);
    await answerItem(actor, params.itemId!, answer);
    return { item: await readRequestItem(actor, params.id!, params.itemId!) };
  },
});
