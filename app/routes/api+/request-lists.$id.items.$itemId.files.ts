import { json } from "@remix-run/node";
import { attachFiles, readRequestItem, requestApiCaller } from "~/features/requests/index.server";
import { documentsRefusal, readUploadForm } from "~/features/service-orders/index.server";
import { AppError } from "~/lib/app-error";
import { apiRoute } from "~/lib/api.server";
import { isMultipart } from "~/lib/upload-form.server";

/**
 * POST /api/request-lists/{id}/items/{itemId}/files (the list's client, while it is open): multipart, one or
 * more files in `files`, checked as an order's documents are (type by content, size, count; encrypted at rest);
 * on an order they are its documents. 201 with the item; a refused file is 400 naming it.
 */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    await readRequestItem(actor, params.id!, params.itemId!);
    if (!isMultipart(request)) throw new AppError(400, "requests:errors.filesRequired", { field: "files" });
    const { uploads, fileErrors } = await readUploadForm(request, actor.id, "files");
    if (fileErrors.length > 0) throw documentsRefusal(fileErrors, "files");
    const files = await attachFiles(actor, params.itemId!, uploads);
    return json({ files, item: await readRequestItem(actor, params.id!, params.itemId!) }, { status: 201 });
  },
});
