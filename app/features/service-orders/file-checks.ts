import { ACCEPT_ATTRIBUTE, MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "~/lib/upload-limits";

/**
 * One refused file, shown next to the file field as `t(key, { name, max })`.
 * The server decides from the content (lib/storage.server.ts); the browser checks
 * first what it can see (size, count, name) so a file that would be refused is not sent.
 */
export type FileError = { key: string; name: string; max: number };

export type FileProblem = "too_large" | "type_not_allowed" | "empty" | "too_many" | "rate_limited" | "required";

export function fileError(problem: FileProblem, name = ""): FileError {
  return { key: `orders:files.errors.${problem}`, name, max: MAX_UPLOAD_MB };
}

/** The form was sent without choosing any file. */
export const NO_FILE_CHOSEN: FileError = fileError("required");

const ACCEPTED_EXTENSIONS = new Set(ACCEPT_ATTRIBUTE.split(",").map((extension) => extension.trim().toLowerCase()));

/** The browser's check of the chosen files, before anything is sent: size, emptiness, count, extension. */
export function checkChosenFiles(files: ReadonlyArray<Pick<File, "name" | "size">>): FileError[] {
  const errors: FileError[] = [];
  files.forEach((file, index) => {
    const dot = file.name.lastIndexOf(".");
    const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : "";
    if (index >= MAX_FILES_PER_REQUEST) errors.push(fileError("too_many", file.name));
    else if (file.size > MAX_UPLOAD_BYTES) errors.push(fileError("too_large", file.name));
    else if (file.size === 0) errors.push(fileError("empty", file.name));
    else if (!ACCEPTED_EXTENSIONS.has(extension)) errors.push(fileError("type_not_allowed", file.name));
  });
  return errors;
}

/** The files a form is about to send (empty file inputs send an unnamed, empty part). */
export function chosenFiles(formData: FormData): File[] {
  return [...formData.values()].filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
}
