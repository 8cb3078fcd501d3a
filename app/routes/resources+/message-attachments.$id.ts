import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/core/identity/guards.server";
import { readMessageAttachment } from "~/features/messages/index.server";
import { clientIp } from "~/lib/http.server";

/**
 * A message's attachment: only for whoever may see the message (the thread's client, never for an internal
 * note; staff with messages). The area audits every download and every refusal; anyone else gets the same
 * 404 as for a file that does not exist.
 */
function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** RFC 6266 filename with an ASCII fallback and the UTF-8 original. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await readMessageAttachment(
    { id: user.id, role: user.role, enabledFeatures: user.enabledFeatures, locale: user.locale, ip: clientIp(request) },
    params.id ?? "",
  );
  if (!found) return notFound();
  const { file, content } = found;
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(content.length),
      "Content-Disposition": contentDisposition(file.originalName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
