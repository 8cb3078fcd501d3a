import { editMessage, EditBodySchema, messageViewer, removeMessage } from "~/features/messages/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/**
 * PATCH /api/messages/{id} `{ body }`: its author corrects a message within 5 minutes (later: 409).
 * DELETE /api/messages/{id}: staff with `messages` remove it ("message removed" stays, audited); a client: 403.
 * A message the caller may not see: 404.
 */
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const viewer = await messageViewer(request);
    const { body } = await readApiBody(request, EditBodySchema);
    await editMessage(viewer, params.id!, body);
    return { ok: true };
  },
  DELETE: async ({ request, params }) => {
    await removeMessage(await messageViewer(request), params.id!);
    return { ok: true };
  },
});
