import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { env } from "./env.server";

/**
 * Encryption at rest with AES-256-GCM (authenticated: a changed byte fails to open).
 * Uploaded files use the key of FILE_ENCRYPTION_KEY; secrets kept in the database
 * (a machine-translation API key, a two-factor secret) use a key derived from it for
 * that purpose only, so the two never share a key.
 */
function sealWith(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function openWith(key: Buffer, sealed: Buffer): Buffer {
  const iv = sealed.subarray(0, 12);
  const tag = sealed.subarray(12, 28);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
}

/**
 * Files of the first format: iv, tag and ciphertext in one buffer. One tag over the whole file means
 * nothing can be trusted before the last byte is read, so new files use the segmented format below;
 * these stay readable (openSealedFile and createFileOpener tell the two apart).
 */
export const sealFile = (plain: Buffer): Buffer => sealWith(env().fileEncryptionKey, plain);
export const openFile = (sealed: Buffer): Buffer => openWith(env().fileEncryptionKey, sealed);

/**
 * The segmented format, so that a download can be decrypted and checked as it streams:
 *
 *   header  = MAGIC (8 bytes) ‖ salt (16 random bytes)
 *   segment = AES-256-GCM(plain[i·64 KiB … (i+1)·64 KiB)) ‖ tag (16 bytes), for i = 0, 1, …
 *
 * Each file has its own key, HKDF(FILE_ENCRYPTION_KEY, salt), so nonces never repeat across files;
 * a segment's nonce is its index and a flag set on the last segment only, and every segment
 * authenticates the header. Reordered segments, a segment of another file, a file cut at a segment
 * boundary (its new last segment lacks the flag) or one with bytes appended all fail to open.
 * A file of the first format starts with a random IV: it looks like MAGIC once in 2^64.
 */
const MAGIC = Buffer.from("FPSEAL02", "ascii");
const SALT_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES;
const TAG_BYTES = 16;
/** Plain bytes per segment. */
export const SEGMENT_BYTES = 64 * 1024;
const SEALED_SEGMENT_BYTES = SEGMENT_BYTES + TAG_BYTES;

/** A sealed file that does not open: changed, cut, reordered, or sealed with another key. */
export class SealedFileError extends Error {
  override name = "SealedFileError";
}

/** The size of a plain file once sealed in the segmented format (an empty file is one empty last segment). */
export function segmentedSize(plainBytes: number): number {
  return HEADER_BYTES + plainBytes + TAG_BYTES * Math.max(1, Math.ceil(plainBytes / SEGMENT_BYTES));
}

function segmentKey(header: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", env().fileEncryptionKey, header.subarray(MAGIC.length, HEADER_BYTES), "firm-portal file segments", 32));
}

function segmentNonce(index: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUIntBE(index, 5, 6);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

function sealSegment(key: Buffer, header: Buffer, index: number, last: boolean, plain: Buffer): Buffer {
  const cipher = createCipheriv("aes-256-gcm", key, segmentNonce(index, last));
  cipher.setAAD(header);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openSegment(key: Buffer, header: Buffer, index: number, last: boolean, sealed: Buffer): Buffer {
  if (sealed.length < TAG_BYTES) throw new SealedFileError("the sealed file is cut short");
  const decipher = createDecipheriv("aes-256-gcm", key, segmentNonce(index, last));
  decipher.setAAD(header);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealedFileError(`segment ${index} of the sealed file does not open (changed, cut or reordered)`);
  }
}

function newHeader(): Buffer {
  return Buffer.concat([MAGIC, randomBytes(SALT_BYTES)]);
}

/** Seals a whole file in the segmented format. */
export function sealFileSegmented(plain: Buffer): Buffer {
  const header = newHeader();
  const key = segmentKey(header);
  const parts = [header];
  const count = Math.max(1, Math.ceil(plain.length / SEGMENT_BYTES));
  for (let index = 0; index < count; index += 1) {
    parts.push(sealSegment(key, header, index, index === count - 1, plain.subarray(index * SEGMENT_BYTES, (index + 1) * SEGMENT_BYTES)));
  }
  return Buffer.concat(parts);
}

/** Opens a sealed file of either format. Throws SealedFileError when it does not open. */
export function openSealedFile(sealed: Buffer): Buffer {
  if (!isSegmented(sealed)) {
    try {
      return openFile(sealed);
    } catch {
      throw new SealedFileError("the sealed file does not open (changed or cut)");
    }
  }
  if (sealed.length < HEADER_BYTES) throw new SealedFileError("the sealed file is cut short");
  const header = sealed.subarray(0, HEADER_BYTES);
  const key = segmentKey(header);
  const body = sealed.subarray(HEADER_BYTES);
  const count = Math.max(1, Math.ceil(body.length / SEALED_SEGMENT_BYTES));
  const parts: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    parts.push(openSegment(key, header, index, index === count - 1, body.subarray(index * SEALED_SEGMENT_BYTES, (index + 1) * SEALED_SEGMENT_BYTES)));
  }
  return Buffer.concat(parts);
}

function isSegmented(start: Buffer): boolean {
  return start.length >= MAGIC.length && start.subarray(0, MAGIC.length).equals(MAGIC);
}

/**
 * A stream that seals what is written to it in the segmented format. A segment is sealed once the
 * next byte is known to exist, so the last one, full or not, carries the flag.
 */
export function createSealStream(): Transform {
  const header = newHeader();
  const key = segmentKey(header);
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  return new Transform({
    construct(callback) {
      this.push(header);
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length > SEGMENT_BYTES) {
        this.push(sealSegment(key, header, index, false, pending.subarray(0, SEGMENT_BYTES)));
        index += 1;
        pending = pending.subarray(SEGMENT_BYTES);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      this.push(sealSegment(key, header, index, true, pending));
      callback();
    },
  });
}

/**
 * A stream that opens a sealed file of either format as it is read. Segmented files come out one
 * checked segment at a time (never a byte that failed its tag); a file of the first format can only
 * be checked whole, so it is gathered and opened at the end (such files predate large uploads).
 * A failed check ends the stream with a SealedFileError.
 */
export function createFileOpener(): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let mode: "detect" | "segmented" | "whole" = "detect";
  let header: Buffer | null = null;
  let key: Buffer | null = null;
  let index = 0;
  const whole: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        if (mode === "whole") {
          whole.push(chunk);
          return callback();
        }
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        if (mode === "detect") {
          if (pending.length < MAGIC.length) return callback();
          if (!isSegmented(pending)) {
            mode = "whole";
            whole.push(pending);
            pending = Buffer.alloc(0);
            return callback();
          }
          mode = "segmented";
        }
        if (!header) {
          if (pending.length < HEADER_BYTES) return callback();
          header = Buffer.from(pending.subarray(0, HEADER_BYTES));
          key = segmentKey(header);
          pending = pending.subarray(HEADER_BYTES);
        }
        // A full segment is known not to be the last once a byte follows it.
        while (pending.length > SEALED_SEGMENT_BYTES) {
          this.push(openSegment(key!, header, index, false, pending.subarray(0, SEALED_SEGMENT_BYTES)));
          index += 1;
          pending = pending.subarray(SEALED_SEGMENT_BYTES);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        if (mode === "whole" || (mode === "detect" && !isSegmented(pending))) {
          callback(null, openSealedFile(Buffer.concat([...whole, pending])));
          return;
        }
        if (!header || !key) throw new SealedFileError("the sealed file is cut short");
        callback(null, openSegment(key, header, index, true, pending));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

let secretKey: { from: Buffer; key: Buffer } | undefined;

function secretsKey(): Buffer {
  const from = env().fileEncryptionKey;
  if (secretKey?.from !== from) secretKey = { from, key: Buffer.from(hkdfSync("sha256", from, Buffer.alloc(0), "firm-portal database secrets", 32)) };
  return secretKey.key;
}

const PREFIX = "v1:";

/** A secret as text for a database column ("v1:" + base64). */
export function encryptSecret(plain: string): string {
  return PREFIX + sealWith(secretsKey(), Buffer.from(plain, "utf8")).toString("base64");
}

/** The secret back; throws when the text was not made by encryptSecret with this key. */
export function decryptSecret(sealed: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error("not an encrypted secret");
  return openWith(secretsKey(), Buffer.from(sealed.slice(PREFIX.length), "base64")).toString("utf8");
}
