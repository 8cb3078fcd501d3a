import { requireAdmin, requireBackOffice } from "~/core/identity/guards.server";
import { assertServiceEndpoint } from "~/features/machine-translation/index.server";
import { getTranslationSettings, saveTranslationSettings } from "~/features/translations/index.server";
import { SettingsFormSchema } from "~/features/translations";
import { AppError } from "~/lib/app-error";
import { apiRoute } from "~/lib/api.server";
import { clientIp } from "~/lib/http.server";

/**
 * GET /api/translation-settings (desk users; never the API key, only `apiKeySet`) · PUT
 * (admins): the fields given replace the current ones; `apiKey` replaces the stored key,
 * `clearApiKey: true` removes it, neither keeps it. The endpoint's host is checked
 * (no link-local or metadata address; private ones only when the server allows them).
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireBackOffice(request, "translations");
    return { settings: await getTranslationSettings() };
  },
  PUT: async ({ request }) => {
    const user = await requireAdmin(request);
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new AppError(400, "common:api.invalidBody");
    }
    const current = await getTranslationSettings();
    const { apiKeySet: _set, updatedAt: _at, ...editable } = current;
    const merged = { ...editable, apiEndpoint: editable.apiEndpoint ?? undefined, ...(body && typeof body === "object" ? body : {}) };
    const parsed = SettingsFormSchema.safeParse(merged);
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fieldErrors[issue.path.join(".") || "_"] ??= []).push(issue.message);
      throw new AppError(400, first.message, { field: first.path.join("."), fieldErrors });
    }
    await assertServiceEndpoint(parsed.data.apiEndpoint);
    return { settings: await saveTranslationSettings(user, parsed.data, { ip: clientIp(request) }) };
  },
});
