import { json } from "@remix-run/node";
import { requireBackOffice } from "~/core/identity/guards.server";
import { checkFormFile, readDeskForm, getTranslationSettings, getTranslationFile, uploadTranslatedFile } from "~/features/translations/index.server";
import { TranslatedFormSchema } from "~/features/translations";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { clientIp } from "~/lib/http.server";

/** POST /api/translation-files/{id}/translated: multipart `file` (+ `complete=true` to mark it completed); earlier versions are kept. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireBackOffice(request, "translations");
    const settings = await getTranslationSettings();
    const form = await readDeskForm(request, user.id, settings);
    const options = await readApiBody(
      new Request(request.url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.fields }),
      TranslatedFormSchema,
    );
    const upload = await checkFormFile(form, settings);
    const { version } = await uploadTranslatedFile(user, params.id!, upload, { complete: options.complete }, { ip: clientIp(request) });
    return json({ version, file: await getTranslationFile(user, params.id!) }, { status: 201 });
  },
});
