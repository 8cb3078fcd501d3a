import { createHash, randomBytes } from "node:crypto";
import { openFile, sealFile } from "./secrets.server";
import fs from "node:fs/promises";
import path from "node:path";
import type { UploadHandler } from "@remix-run/node";
import { fileTypeFromBuffer } from "file-type";
import { db } from "./db/db.server";
import { env } from "./env.server";
import { newId } from "./ids.server";
import { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES } from "./upload-limits";

/**
 * The one storage module for every upload in the product.
 *
 * - Files live in DATA_DIR/files (never under public/), under random names.
 * - The type is decided from the content (file-type), checked against an allow-list;
 *   the name the browser sent only picks between formats that share a container.
 * - Each file is encrypted at rest with AES-256-GCM: [12-byte IV][16-byte tag][ciphertext].
 * - Each file has a row in stored_files tied to the record it belongs to
 *   (record_type / record_id); downloads go through /resources/files/:id, which
 *   checks the caller's right to that record.
 */
export { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES };
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

function filesDir(): string {
  return path.join(env().dataDir, "files");
}

function storagePath(storageName: string): string {
  // Storage names are ours (hex), but never trust a name to stay inside the folder.
  if (!/^[0-9a-f]{32}$/.test(storageName)) throw new Error("invalid storage name");
  return path.join(filesDir(), storageName.slice(0, 2), storageName);
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
  const file = storagePath(storageName);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs.writeFile(file, sealFile(upload.buffer), { mode: 0o600, flag: "wx" });
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
    await fs.rm(file, { force: true });
    throw error;
  }
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

/** The decrypted content of a stored file (the caller has checked the reader's rights). */
export async function readStoredFile(id: string): Promise<{ file: StoredFile; content: Buffer } | null> {
  const row = await db()
    .selectFrom("storedFiles")
    .select([...FILE_COLUMNS, "storageName"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const { storageName, ...file } = row;
  const content = openFile(await fs.readFile(storagePath(storageName)));
  return { file, content };
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
  await Promise.all(rows.map((row) => fs.rm(storagePath(row.storageName), { force: true })));
}

/** Removes one stored file (row and bytes), e.g. the avatar a new one replaced. */
export async function deleteStoredFile(id: string): Promise<void> {
  const row = await db().selectFrom("storedFiles").select(["id", "storageName"]).where("id", "=", id).executeTakeFirst();
  if (!row) return;
  await db().deleteFrom("storedFiles").where("id", "=", row.id).execute();
  await fs.rm(storagePath(row.storageName), { force: true });
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
