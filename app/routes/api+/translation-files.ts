import { json } from "@remix-run/node";
import { requireBackOffice } from "~/core/identity/guards.server";
import {
  checkFormFile,
  readDeskForm,
  getTranslationSettings,
  createTranslationFile,
  getTranslationFile,
  listTranslationFiles,
} from "~/features/translations/index.server";
import { parseTranslationListQuery, UploadFormSchema } from "~/features/translations";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { clientIp } from "~/lib/http.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/translation-files (?page, perPage, status, pair, client, q) · POST: multipart with
 * `file` and the upload's fields (sourceLanguage, targetLanguage, notes, clientId, orderId,
 * assigneeId, dueDate). Desk users only (feature `translations`).
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireBackOffice(request, "translations");
    return pageJson("files", await listTranslationFiles(user, parseTranslationListQuery(new URL(request.url))));
  },
  POST: async ({ request }) => {
    const user = await requireBackOffice(request, "translations");
    const settings = await getTranslationSettings();
    const form = await readDeskForm(request, user.id, settings);
    const input = await readApiBody(
      new Request(request.url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.fields }),
      UploadFormSchema,
    );
    const upload = await checkFormFile(form, settings);
    const { id } = await createTranslationFile(user, input, upload, { ip: clientIp(request) });
    return json({ file: await getTranslationFile(user, id) }, { status: 201 });
  },
});
