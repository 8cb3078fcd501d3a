import type { LoaderFunctionArgs } from "@remix-run/node";
import { readLogoImage, siteImageResponse } from "~/features/content/index.server";
import { invariantResponse } from "~/lib/http.server";

/**
 * GET /resources/logos/{fileId}: a published client logo's image, for the home page (content.ts
 * logoImageSrc); owner and admins also get an unpublished one (the logos screen), uncached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const response = await siteImageResponse(request, "logo", params.fileId ?? "", readLogoImage);
  invariantResponse(response);
  return response;
}
