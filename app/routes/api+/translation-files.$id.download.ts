import { requireUser } from "~/core/identity/guards.server";
import { downloadChoice, openTranslationDownload } from "~/features/translations/index.server";
import { storedFileResponse } from "~/lib/storage.server";
import { apiRoute } from "~/lib/api.server";
import { clientIp } from "~/lib/http.server";

/**
 * GET /api/translation-files/{id}/download (`?file=original`, `?file=translated`, `?version=N`):
 * desk users any; a client only the completed translation of its own order's file (404 otherwise).
 */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    return storedFileResponse(await openTranslationDownload(user, params.id!, downloadChoice(new URL(request.url)), { ip: clientIp(request) }));
  },
});
