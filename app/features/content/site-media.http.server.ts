import { encodeMessage } from "~/lib/app-error";
import { IMAGE_MAX_MB } from "./images";

/** Whether a post is a multipart form (the forms with a picture) rather than a plain one (the buttons). */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
}

/** The field error of a picture over the size limit (the upload handler drained it). */
export function tooLargeMessage(): string {
  return encodeMessage("site-media:images.errors.tooLarge", { max: IMAGE_MAX_MB });
}
