import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { pipeline, type Readable } from "node:stream";
import { createReadableStreamFromReadable, type UploadHandler } from "@remix-run/node";
import { fileTypeFromBuffer } from "file-type";
import { db } from "./db/db.server";
import { env, type Env } from "./env.server";
import { translate } from "./i18n/i18n.server";
import { newId } from "./ids.server";
import { logger } from "./logger.server";
import { createFileOpener, openSealedFile, SealedFileError, sealFileSegmented } from "./secrets.server";
import { StorageError, type StorageBackend } from "./storage/backend.server";
import { DiskBackend } from "./storage/disk.server";
import { S3Backend } from "./storage/s3.server";
import { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES } from "./upload-limits";

/**
 * The one storage module for every upload in the product.
 *
 * - Files live in DATA_DIR/files (never under public/) or, with S3_* set, in an S3-compatible bucket
 *   (storage/s3.server.ts), under random names.
 * - The type is decided from the content (file-type), checked against an allow-list;
 *   the name the browser sent only picks between formats that share a container.
 * - Each file is encrypted by the app before it reaches the store, with AES-256-GCM in 64 KiB
 *   segments (secrets.server.ts), so downloads stream and are checked as they go; files of the
 *   first format (one GCM over the whole file) are still read.
 * - A missing object or a store that does not answer is a StorageError: a 503 refusal with a
 *   translated "file unavailable, try again", never a 500.
 * - Each file has a row in stored_files tied to the record it belongs to
 *   (record_type / record_id); downloads go through /resources/files/:id, which
 *   checks the caller's right to that record.
 */
export { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES };
export { isStorageError, StorageError, type StorageBackend } from "./storage/backend.server";
const MAX_TEXT_FIELD_BYTES = 100_000;

export type AllowedType = { ext: string; mime: string };

/** What clients and staff may upload: documents and photos of documents. */
export const ALLOWED_TYPES: readonly AllowedType[] = [
  { ext: "pdf", mime: "application/pdf" },
  { ext: "jpg", mime: "image/jpeg" },
  { ext: "png", mime: "image/png" },
  { ext: "webp", mime: "image/webp" },
  { ext: "heic", mime: "image/heic" },
  { ext: "tif", mime: "image/tiff" },
  { ext: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  { ext: "xlsx", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  { ext: "doc", mime: "application/msword" },
  { ext: "xls", mime: "application/vnd.ms-excel" },
  { ext: "txt", mime: "text/plain" },
];

export type UploadProblem = "too_large" | "type_not_allowed" | "empty" | "too_many";

export class UploadRejected extends Error {
  constructor(
    readonly problem: UploadProblem,
    readonly fileName: string,
  ) {
    super(`${fileName}: ${problem}`);
  }
}

function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

/** Whether the bytes are plain text: valid UTF-8 without a NUL byte (plain text has no magic number to sniff). */
export function isUtf8Text(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}

/** Decides the file's type from its bytes; null when it is not on the allow-list. */
export async function detectAllowedType(buffer: Buffer, originalName: string): Promise<AllowedType | null> {
  const detected = await fileTypeFromBuffer(buffer);
  const nameExt = extensionOf(originalName);
  if (!detected) {
    // Plain text has no magic number: accept only valid UTF-8 without NUL bytes, named .txt.
    return nameExt === "txt" && isUtf8Text(buffer) ? ALLOWED_TYPES.find((type) => type.ext === "txt")! : null;
  }
  // Legacy Office files are all OLE compound files; the name tells Word from Excel.
  if (detected.ext === "cfb") {
    if (nameExt === "doc") return ALLOWED_TYPES.find((type) => type.ext === "doc")!;
    if (nameExt === "xls") return ALLOWED_TYPES.find((type) => type.ext === "xls")!;
    return null;
  }
  return ALLOWED_TYPES.find((type) => type.ext === detected.ext) ?? null;
}

export type CheckedUpload = { buffer: Buffer; originalName: string; type: AllowedType };

/** Size and content checks for one uploaded file; throws UploadRejected. */
export async function checkUpload(file: { name: string; arrayBuffer(): Promise<ArrayBuffer>; size: number }): Promise<CheckedUpload> {
  const originalName = sanitizeFileName(file.name);
  if (file.size > MAX_UPLOAD_BYTES) throw new UploadRejected("too_large", originalName);
  if (file.size === 0) throw new UploadRejected("empty", originalName);
  const buffer = Buffer.from(await file.arrayBuffer());
  const type = await detectAllowedType(buffer, originalName);
  if (!type) throw new UploadRejected("type_not_allowed", originalName);
  return { buffer, originalName, type };
}

/** Keeps a readable, harmless name for the download header; never used as a path. */
export function sanitizeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, "/"));
  const cleaned = [...base]
    .map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || '"<>|:*?/\\'.includes(char) ? "_" : char))
    .join("")
    .trim()
    .slice(-150);
  return cleaned || "file";
}

let current: { env: Env; backend: StorageBackend } | undefined;

/** The backend of this process's configuration: the S3 bucket when S3_* is set, else DATA_DIR/files. */
export function storageBackend(): StorageBackend {
  const config = env();
  if (current?.env !== config) {
    current?.backend.close();
    current = { env: config, backend: config.s3 ? new S3Backend(config.s3) : new DiskBackend(diskFilesDir(config)) };
  }
  return current.backend;
}

/** Where files live on the local disk (the default backend, and the migration's source). */
export function diskFilesDir(config: Env = env()): string {
  return path.join(config.dataDir, "files");
}

export type StoredFile = {
  id: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  /** SHA-256 (hex) of the plain content, taken when it was stored. */
  sha256: string;
  recordType: string | null;
  recordId: string | null;
  uploadedBy: string | null;
  createdAt: string;
};

const FILE_COLUMNS = ["id", "originalName", "mimeType", "sizeBytes", "sha256", "recordType", "recordId", "uploadedBy", "createdAt"] as const;

/** Encrypts and writes a checked upload, and records it against its record. */
export async function storeFile(upload: CheckedUpload, options: { uploadedBy: string | null; recordType: string; recordId: string }): Promise<StoredFile> {
  const storageName = randomBytes(16).toString("hex");
  const backend = storageBackend();
  // The bytes first: a put that fails throws before any row exists, so no row ever points at nothing.
  await backend.put(storageName, sealFileSegmented(upload.buffer));
  const id = newId();
  try {
    return await db()
      .insertInto("storedFiles")
      .values({
        id,
        storageName,
        originalName: upload.originalName,
        mimeType: upload.type.mime,
        sizeBytes: upload.buffer.length,
        sha256: createHash("sha256").update(upload.buffer).digest("hex"),
        uploadedBy: options.uploadedBy,
        recordType: options.recordType,
        recordId: options.recordId,
      })
      .returning(FILE_COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    await removeBytes(backend, [storageName]);
    throw error;
  }
}

/** Bytes whose row is gone: a store that fails now leaves an unreachable sealed object, which is logged, not an error for the caller. */
async function removeBytes(backend: StorageBackend, storageNames: string[]): Promise<void> {
  await Promise.all(
    storageNames.map((name) =>
      backend.delete(name).catch((error: unknown) => {
        logger.warn({ err: error, storageName: name }, "stored file's bytes were not removed");
      }),
    ),
  );
}

async function findWithStorageName(id: string) {
  return db()
    .selectFrom("storedFiles")
    .select([...FILE_COLUMNS, "storageName"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A file that fails to open is as unavailable as a missing one; the log tells which. */
function unreadable(id: string, error: unknown): unknown {
  if (error instanceof SealedFileError) return new StorageError("unavailable", `stored file ${id} does not open: ${error.message}`, { cause: error });
  return error;
}

export async function findStoredFile(id: string): Promise<StoredFile | null> {
  return (await db().selectFrom("storedFiles").select(FILE_COLUMNS).where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function listFilesFor(recordType: string, recordId: string): Promise<StoredFile[]> {
  return db()
    .selectFrom("storedFiles")
    .select(FILE_COLUMNS)
    .where("recordType", "=", recordType)
    .where("recordId", "=", recordId)
    .orderBy("createdAt", "asc")
    .limit(200)
    .execute();
}

/**
 * The decrypted content of a stored file, whole (the caller has checked the reader's rights), for
 * callers that work on the content (PDF processing, archives). Null when there is no such row;
 * a StorageError when the bytes are missing, the store does not answer or the file does not open.
 */
export async function readStoredFile(id: string): Promise<{ file: StoredFile; content: Buffer } | null> {
  const row = await findWithStorageName(id);
  if (!row) return null;
  const { storageName, ...file } = row;
  try {
    return { file, content: openSealedFile(await storageBackend().get(storageName)) };
  } catch (error) {
    throw unreadable(id, error);
  }
}

/**
 * The decrypted content of a stored file as a stream, for downloads (the caller has checked the
 * reader's rights). Null when there is no such row; a StorageError, before any byte, when the
 * object is missing or the store does not answer. A segment that fails its check later ends the
 * stream with an error, so a changed file is cut short rather than served.
 */
export async function openStoredFileStream(id: string): Promise<{ file: StoredFile; stream: Readable } | null> {
  const row = await findWithStorageName(id);
  if (!row) return null;
  const { storageName, ...file } = row;
  const source = await storageBackend().getStream(storageName);
  // pipeline, not pipe: a download the client abandons, or a segment that fails its check, also closes the store's stream.
  const stream = pipeline(source, createFileOpener(), (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
      logger.warn({ err: unreadable(id, error), fileId: id }, "stored file stream failed");
    }
  });
  return { file, stream };
}

/** RFC 6266 filename with an ASCII fallback and the UTF-8 original. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored file as a download no browser renders in place, streamed as it is decrypted. The length is the
 * plain size recorded at upload, so a stream cut by a failed check is seen by the browser as incomplete.
 */
export function storedFileResponse({ file, stream }: { file: StoredFile; stream: Readable }): Response {
  return new Response(createReadableStreamFromReadable(stream), {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.sizeBytes),
      "Content-Disposition": contentDisposition(file.originalName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/**
 * The answer of a download route when the store failed (StorageError): the translated "file unavailable,
 * try again" as plain text, 503 with Retry-After. The row and whatever the store holds stay as they are.
 */
export async function fileUnavailableResponse(request: Request, error: StorageError, fileId: string): Promise<Response> {
  logger.error({ err: error, fileId, failure: error.failure }, "stored file unavailable");
  return new Response(await translate(request, error.key), {
    status: error.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...error.headers },
  });
}

/** Removes the files of a record (row and bytes). */
export async function deleteFilesFor(recordType: string, recordId: string): Promise<void> {
  const rows = await db()
    .selectFrom("storedFiles")
    .select(["id", "storageName"])
    .where("recordType", "=", recordType)
    .where("recordId", "=", recordId)
    .execute();
  if (rows.length === 0) return;
  await db()
    .deleteFrom("storedFiles")
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  await removeBytes(
    storageBackend(),
    rows.map((row) => row.storageName),
  );
}

/** Removes one stored file (row and bytes), e.g. the avatar a new one replaced. */
export async function deleteStoredFile(id: string): Promise<void> {
  const row = await db().selectFrom("storedFiles").select(["id", "storageName"]).where("id", "=", id).executeTakeFirst();
  if (!row) return;
  await db().deleteFrom("storedFiles").where("id", "=", row.id).execute();
  await removeBytes(storageBackend(), [row.storageName]);
}

/**
 * A multipart upload handler for `unstable_parseMultipartFormData` that never
 * throws on a bad file: a file over the limit is drained and noted in
 * `rejected`, so the action can answer with a field error and keep the rest of
 * the form. Text fields are kept as strings (up to 100 kB each).
 */
export function createUploadHandler(maxBytes = MAX_UPLOAD_BYTES): { handler: UploadHandler; rejected: UploadRejected[] } {
  const rejected: UploadRejected[] = [];
  let fileCount = 0;
  const handler: UploadHandler = async ({ filename, contentType, data }) => {
    const limit = filename === undefined ? MAX_TEXT_FIELD_BYTES : maxBytes;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = false;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) over = true;
      if (!over) chunks.push(chunk);
    }
    if (filename === undefined) return over ? undefined : Buffer.concat(chunks).toString("utf8");
    // An empty file input (no file chosen) sends a part with an empty name.
    if (filename === "" && size === 0) return undefined;
    const name = sanitizeFileName(filename);
    if (over) {
      rejected.push(new UploadRejected("too_large", name));
      return undefined;
    }
    fileCount += 1;
    if (fileCount > MAX_FILES_PER_REQUEST) {
      rejected.push(new UploadRejected("too_many", name));
      return undefined;
    }
    return new File([new Uint8Array(Buffer.concat(chunks))], name, { type: contentType });
  };
  return { handler, rejected };
}
