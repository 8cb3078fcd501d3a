import type { LoaderFunctionArgs } from "@remix-run/node";
import { readTestimonialPhoto, siteImageResponse } from "~/features/content/index.server";
import { invariantResponse } from "~/lib/http.server";

/**
 * GET /resources/testimonials/{fileId}: the photo of a published testimonial (with consent), for the
 * home page (content.ts testimonialPhotoSrc); owner and admins also get an unpublished one, uncached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const response = await siteImageResponse(request, "photo", params.fileId ?? "", readTestimonialPhoto);
  invariantResponse(response);
  return response;
}
