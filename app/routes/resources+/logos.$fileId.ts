import type { LoaderFunctionArgs } from "@remix-run/node";
import { readLogoImage } from "~/features/content/content.server";
import { invariantResponse } from "~/lib/http.server";

/** GET /resources/logos/{fileId}: a published client logo's image, for the home page (content.ts logoImageSrc). */
export async function loader({ params }: LoaderFunctionArgs) {
  const image = await readLogoImage(params.fileId ?? "");
  invariantResponse(image);
  return new Response(new Uint8Array(image.content), {
    headers: {
      "Content-Type": image.mimeType,
      "Content-Length": String(image.content.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
