import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/core/identity/guards.server";
import { readAvatar } from "~/features/users/index.server";
import { loadOrNotFound } from "~/lib/http.server";

/**
 * GET /resources/avatars/{fileId}: a profile picture, for its owner and the back-office
 * (anyone else: 404). A new picture gets a new id, so a browser may keep this one for good
 * (privately). The type was decided from the content at upload; the host's headers add
 * `X-Content-Type-Options: nosniff` and the CSP to every answer, this one included.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const image = await loadOrNotFound(readAvatar(user, params.fileId ?? ""));
  return new Response(new Uint8Array(image.content), {
    headers: {
      "Content-Type": image.mimeType,
      "Content-Length": String(image.content.length),
      "Content-Disposition": "inline",
      "Cache-Control": "private, max-age=31536000, immutable",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
