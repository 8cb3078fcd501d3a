import { requireBackOffice } from "~/core/identity/guards.server";
import { StatusFormSchema } from "~/features/translations";
import { changeTranslationStatus, getTranslationFile } from "~/features/translations/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { clientIp } from "~/lib/http.server";

/** POST /api/translation-files/{id}/status `{ status, note? }`: 409 for a move the machine refuses. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireBackOffice(request, "translations");
    const input = await readApiBody(request, StatusFormSchema);
    await changeTranslationStatus(user, params.id!, input.status, input.note, { ip: clientIp(request) });
    return { file: await getTranslationFile(user, params.id!) };
  },
});
