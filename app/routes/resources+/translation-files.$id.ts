import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/core/identity/guards.server";
import { downloadChoice, openTranslationDownload } from "~/features/translations/index.server";
import { storedFileResponse } from "~/lib/storage.server";
import { isAppError } from "~/lib/app-error";
import { clientIp } from "~/lib/http.server";
import { fileUnavailableResponse, isStorageError } from "~/lib/storage.server";

/**
 * Downloads of the translation desk (`?file=original`, `?file=translated`, `?version=N`):
 * desk users any of them, a client the completed translation of its own order's file.
 * Anyone else gets the same 404 as for a file that does not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    return storedFileResponse(await openTranslationDownload(user, params.id ?? "", downloadChoice(new URL(request.url)), { ip: clientIp(request) }));
  } catch (error) {
    if (isStorageError(error)) return fileUnavailableResponse(request, error, params.id ?? "");
    if (!isAppError(error)) throw error;
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
}
