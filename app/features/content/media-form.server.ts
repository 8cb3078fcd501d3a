import { unstable_parseMultipartFormData } from "@remix-run/node";
import { createUploadHandler } from "~/lib/storage.server";
import { IMAGE_MAX_BYTES } from "./images";

/**
 * A website picture's form (multipart): its text fields, the one file of `fileField`, and whether
 * that file was over the limit (such a file is drained, never kept).
 */
export async function readImageForm(request: Request, fileField: string): Promise<{ fields: URLSearchParams; file: File | null; tooLarge: boolean }> {
  const { handler, rejected } = createUploadHandler(IMAGE_MAX_BYTES);
  const form = await unstable_parseMultipartFormData(request, handler);
  const fields = new URLSearchParams();
  let file: File | null = null;
  for (const [name, value] of form) {
    if (typeof value === "string") fields.append(name, value);
    else if (name === fileField && !file) file = value;
  }
  return { fields, file, tooLarge: rejected.some((rejection) => rejection.problem === "too_large") };
}
