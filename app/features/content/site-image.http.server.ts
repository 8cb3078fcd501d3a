import { canUseBackOffice } from "~/lib/features";
import { getUser } from "~/core/identity/session-user.server";
import { readSiteImageForAdmin } from "./site-media.server";

/**
 * The answer of the two public picture routes (logos, testimonial photos): a published picture for
 * anyone, cached for good (a new picture is a new file id); otherwise, for owner and admins only,
 * the unpublished one their screens show, never cached. Anything else is null (the route's 404).
 */
export async function siteImageResponse(
  request: Request,
  kind: "logo" | "photo",
  fileId: string,
  readPublished: (fileId: string) => Promise<{ mimeType: string; content: Buffer } | null>,
): Promise<Response | null> {
  let image = await readPublished(fileId);
  let cacheControl = "public, max-age=31536000, immutable";
  if (!image) {
    const user = await getUser(request);
    if (!user || !canUseBackOffice(user, "admin")) return null;
    image = await readSiteImageForAdmin(kind, fileId);
    cacheControl = "private, no-store";
  }
  if (!image) return null;
  return new Response(new Uint8Array(image.content), {
    headers: {
      "Content-Type": image.mimeType,
      "Content-Length": String(image.content.length),
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
