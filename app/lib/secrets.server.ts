import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
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

/** Files: iv, tag and ciphertext in one buffer. */
export const sealFile = (plain: Buffer): Buffer => sealWith(env().fileEncryptionKey, plain);
export const openFile = (sealed: Buffer): Buffer => openWith(env().fileEncryptionKey, sealed);

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
