import { requireBackOffice } from "~/core/identity/guards.server";
import { TranslateApiSchema } from "~/features/machine-translation";
import { machineTranslate } from "~/features/machine-translation/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/**
 * POST /api/translate `{ text, source ("auto" | en | ar | fr), target }` (staff with the
 * translations feature) → `{ translation, masked, detectedSource, glossaryApplied, unrestored, machineDraft }`.
 * Personal identifiers are masked before the text leaves the server (docs/decisions/014).
 */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const user = await requireBackOffice(request, "translations");
    const input = await readApiBody(request, TranslateApiSchema);
    const result = await machineTranslate({ ...input, actorId: user.id });
    return { ...result, machineDraft: true };
  },
});
