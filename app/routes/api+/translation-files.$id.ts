import { requireBackOffice } from "~/core/identity/guards.server";
import { deleteTranslationFile, getTranslationFile } from "~/features/translations/index.server";
import { apiRoute } from "~/lib/api.server";
import { clientIp } from "~/lib/http.server";

/** GET /api/translation-files/{id} (with versions and status history) · DELETE. */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireBackOffice(request, "translations");
    return { file: await getTranslationFile(user, params.id!) };
  },
  DELETE: async ({ request, params }) => {
    const user = await requireBackOffice(request, "translations");
    await deleteTranslationFile(user, params.id!, { ip: clientIp(request) });
    return { deleted: true };
  },
});
