import crypto from "node:crypto";

/**
 * The decryption of a PDF that opens without a password (the Standard security handler with an
 * empty user password, common for forms whose printing or copying is restricted). Its streams are
 * encrypted, so their DEFLATE data can only be measured once decrypted, as pdf.js will do before
 * inflating them. Handled: revisions 2 to 4 (RC4 of 40 to 128 bits, or AES-128 through a crypt
 * filter, with a key for each object) and 5 to 6 (AES-256, one key for the file).
 */

/** A PDF that cannot be opened without its password (or by a security handler other than the standard one). */
export class PdfNeedsPassword extends Error {
  constructor() {
    super("the PDF needs a password");
    this.name = "PdfNeedsPassword";
  }
}

/** Decrypts the data of the stream of object `number` `generation`. */
type StreamDecrypter = (data: Uint8Array, number: number, generation: number) => Uint8Array;

export type PdfDecrypter = {
  stream: StreamDecrypter;
  /** False when /EncryptMetadata false leaves the document's metadata stream clear. */
  encryptsMetadata: boolean;
};

class Reference {
  constructor(
    readonly number: number,
    readonly generation: number,
  ) {}
}
type Value = number | boolean | string | Uint8Array | Value[] | Dictionary | Reference | null;
type Dictionary = Map<string, Value>;

/**
 * The decrypter of the file whose bytes are `text` (latin1), or null when it is not encrypted.
 * Throws PdfNeedsPassword when the empty password does not open it.
 */
export function pdfDecrypter(text: string): PdfDecrypter | null {
  // The last trailer's (or cross-reference stream's) entries, which may come before the objects they name.
  const mention = lastEnd(text, /\/Encrypt(?![A-Za-z0-9])/g);
  if (mention < 0) return null;
  let encrypt = parse(text, mention).value;
  if (encrypt instanceof Reference) encrypt = indirect(text, encrypt);
  if (!(encrypt instanceof Map) || encrypt.get("Filter") !== "Standard") throw new PdfNeedsPassword();
  const idAt = lastEnd(text, /\/ID(?=\s*\[)/g);
  const ids = idAt < 0 ? [] : parse(text, idAt).value;
  const id = Array.isArray(ids) && ids[0] instanceof Uint8Array ? ids[0] : new Uint8Array(0);
  const revision = Number(encrypt.get("R"));
  const stream = revision >= 5 ? aes256Decrypter(encrypt) : standardDecrypter(encrypt, revision, id);
  return stream && { stream, encryptsMetadata: encrypt.get("EncryptMetadata") !== false };
}

const PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
const md5 = (...parts: Uint8Array[]) => crypto.createHash("md5").update(Buffer.concat(parts)).digest();

/** Revisions 2 to 4: the file key from the empty password (the specification's algorithm 2), checked against /U. */
function standardDecrypter(encrypt: Dictionary, revision: number, id: Uint8Array): StreamDecrypter | null {
  const owner = bytesOf(encrypt.get("O"));
  const user = bytesOf(encrypt.get("U"));
  const { method, bits } = revision === 4 ? cryptFilter(encrypt) : { method: "V2", bits: Number(encrypt.get("Length") ?? 40) };
  if (method === "Identity") return null;
  const length = revision === 2 ? 5 : Math.min(16, Math.floor(bits / 8));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(Number(encrypt.get("P")) | 0);
  const clearMetadata = revision === 4 && encrypt.get("EncryptMetadata") === false ? Buffer.from([0xff, 0xff, 0xff, 0xff]) : Buffer.alloc(0);
  let key = md5(PAD, owner, permissions, id, clearMetadata).subarray(0, length);
  if (revision >= 3) for (let round = 0; round < 50; round += 1) key = md5(key).subarray(0, length);
  if (!Buffer.from(userCheck(key, revision, id)).equals(Buffer.from(user.subarray(0, revision === 2 ? 32 : 16)))) throw new PdfNeedsPassword();
  const aes = method === "AESV2";
  return (data, number, generation) => {
    const object = Buffer.from([number & 0xff, (number >> 8) & 0xff, (number >> 16) & 0xff, generation & 0xff, (generation >> 8) & 0xff]);
    const objectKey = md5(key, object, aes ? Buffer.from("sAlT") : Buffer.alloc(0)).subarray(0, Math.min(length + 5, 16));
    return aes ? aesDecrypt("aes-128-cbc", objectKey, data) : rc4(objectKey, data);
  };
}

/** What /U holds when the empty password is the user's (the specification's algorithms 4 and 5). */
function userCheck(key: Uint8Array, revision: number, id: Uint8Array): Uint8Array {
  if (revision === 2) return rc4(key, PAD);
  let check = rc4(key, md5(PAD, id));
  for (let round = 1; round <= 19; round += 1)
    check = rc4(
      key.map((byte) => byte ^ round),
      check,
    );
  return check;
}

/**
 * The crypt filter that streams use (/StmF): its method, V2 (RC4), AESV2, AESV3 or Identity (not
 * encrypted), and its key's length in bits (some writers give it in bytes).
 */
function cryptFilter(encrypt: Dictionary): { method: string; bits: number } {
  const stmF = encrypt.get("StmF");
  const name = typeof stmF === "string" ? stmF : "Identity";
  const filters = encrypt.get("CF");
  const filter = filters instanceof Map ? filters.get(name) : null;
  const method = name === "Identity" || !(filter instanceof Map) || filter.get("CFM") === "None" ? "Identity" : filter.get("CFM");
  if (method !== "Identity" && method !== "V2" && method !== "AESV2" && method !== "AESV3") throw new PdfNeedsPassword();
  const length = Number((filter instanceof Map && filter.get("Length")) || encrypt.get("Length") || 128);
  return { method, bits: length < 40 ? length * 8 : length };
}

/** Revisions 5 and 6: the empty password checked against /U, then the file key unwrapped from /UE. */
function aes256Decrypter(encrypt: Dictionary): StreamDecrypter | null {
  if (cryptFilter(encrypt).method === "Identity") return null;
  const user = bytesOf(encrypt.get("U"));
  const revision = Number(encrypt.get("R"));
  const hash = (salt: Uint8Array) => (revision === 5 ? crypto.createHash("sha256").update(salt).digest() : revision6Hash(salt));
  if (!hash(user.subarray(32, 40)).equals(Buffer.from(user.subarray(0, 32)))) throw new PdfNeedsPassword();
  const unwrap = crypto.createDecipheriv("aes-256-cbc", hash(user.subarray(40, 48)), Buffer.alloc(16)).setAutoPadding(false);
  const key = Buffer.concat([unwrap.update(bytesOf(encrypt.get("UE")).subarray(0, 32)), unwrap.final()]);
  return (data) => aesDecrypt("aes-256-cbc", key, data);
}

/** Revision 6's hash of the empty password with a salt (the specification's algorithm 2.B, no user key). */
export function revision6Hash(salt: Uint8Array): Buffer {
  let hash = crypto.createHash("sha256").update(salt).digest();
  for (let round = 0; ; round += 1) {
    const block = Buffer.concat(Array.from({ length: 64 }, () => hash));
    const cipher = crypto.createCipheriv("aes-128-cbc", hash.subarray(0, 16), hash.subarray(16, 32)).setAutoPadding(false);
    const encrypted = Buffer.concat([cipher.update(block), cipher.final()]);
    let sum = 0;
    for (const byte of encrypted.subarray(0, 16)) sum += byte;
    hash = crypto
      .createHash(["sha256", "sha384", "sha512"][sum % 3]!)
      .update(encrypted)
      .digest();
    if (round >= 63 && encrypted[encrypted.length - 1]! <= round - 31) return hash.subarray(0, 32);
  }
}

/** AES-CBC whose first 16 bytes are the IV; the padding is left (what follows the DEFLATE data is never read). */
function aesDecrypt(algorithm: "aes-128-cbc" | "aes-256-cbc", key: Uint8Array, data: Uint8Array): Uint8Array {
  const blocks = data.length - (data.length % 16);
  if (blocks < 32) return new Uint8Array(0);
  const decipher = crypto.createDecipheriv(algorithm, key, data.subarray(0, 16)).setAutoPadding(false);
  return Buffer.concat([decipher.update(data.subarray(16, blocks)), decipher.final()]);
}

/** RC4 (OpenSSL 3's default provider no longer has it); encrypting and decrypting are the same. */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const state = new Uint8Array(256).map((_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index += 1) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[index] = data[index]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}

const bytesOf = (value: Value | undefined) => (value instanceof Uint8Array ? value : new Uint8Array(0));

/** Where the last match of `pattern` (global) ends, or -1. */
function lastEnd(text: string, pattern: RegExp): number {
  let end = -1;
  for (const match of text.matchAll(pattern)) end = match.index + match[0].length;
  return end;
}

/** The value of object `number` `generation`: its last definition in the file (an update comes after). */
function indirect(text: string, { number, generation }: Reference): Value {
  const definitions = [...text.matchAll(new RegExp(`(?<![0-9])${number}\\s+${generation}\\s+obj`, "g"))];
  const last = definitions.at(-1);
  return last ? parse(text, last.index + last[0].length).value : null;
}

const DELIMITER = /[\s()<>[\]{}/%]/;

/** One PDF object read from `at` (blanks first): enough of the syntax for an encryption dictionary and an /ID. */
function parse(text: string, at: number): { value: Value; end: number } {
  while (at < text.length && /\s/.test(text[at]!)) at += 1;
  const char = text[at];
  if (text.startsWith("<<", at)) {
    const dictionary: Dictionary = new Map();
    at += 2;
    for (;;) {
      while (at < text.length && /\s/.test(text[at]!)) at += 1;
      if (at >= text.length || text.startsWith(">>", at)) return { value: dictionary, end: at + 2 };
      const key = parse(text, at);
      const value = parse(text, key.end);
      if (typeof key.value === "string") dictionary.set(key.value, value.value);
      if (value.end <= at) return { value: dictionary, end: text.length };
      at = value.end;
    }
  }
  if (char === "[") {
    const array: Value[] = [];
    at += 1;
    for (;;) {
      while (at < text.length && /\s/.test(text[at]!)) at += 1;
      if (at >= text.length || text[at] === "]") return { value: array, end: at + 1 };
      const item = parse(text, at);
      array.push(item.value);
      at = item.end;
    }
  }
  if (char === "<") {
    const close = text.indexOf(">", at);
    const end = close < 0 ? text.length : close;
    const digits = text.slice(at + 1, end).replace(/[^0-9A-Fa-f]/g, "");
    return { value: Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex"), end: end + 1 };
  }
  if (char === "(") return literalString(text, at + 1);
  if (char === "/") {
    let end = at + 1;
    while (end < text.length && !DELIMITER.test(text[end]!)) end += 1;
    return { value: text.slice(at + 1, end).replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), end };
  }
  const reference = /^(\d+)\s+(\d+)\s+R(?![A-Za-z])/.exec(text.slice(at, at + 32));
  if (reference) return { value: new Reference(Number(reference[1]), Number(reference[2])), end: at + reference[0].length };
  const word = /^[^\s()<>[\]{}/%]+/.exec(text.slice(at, at + 64))?.[0] ?? "";
  const end = at + Math.max(1, word.length);
  if (word === "true" || word === "false") return { value: word === "true", end };
  return { value: word === "" || word === "null" || Number.isNaN(Number(word)) ? null : Number(word), end };
}

const ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, b: 0x08, f: 0x0c };

/** A literal string from after its "(": escapes, octal codes and balanced parentheses. */
function literalString(text: string, at: number): { value: Uint8Array; end: number } {
  const out: number[] = [];
  let depth = 1;
  while (at < text.length) {
    const char = text[at]!;
    at += 1;
    if (char === "\\") {
      const next = text[at] ?? "";
      const octal = /^[0-7]{1,3}/.exec(text.slice(at, at + 3))?.[0];
      if (octal) {
        out.push(parseInt(octal, 8) & 0xff);
        at += octal.length;
      } else {
        at += 1;
        if (next === "\r" && text[at] === "\n") at += 1;
        if (next in ESCAPES) out.push(ESCAPES[next]!);
        else if (next !== "\r" && next !== "\n") out.push(next.charCodeAt(0));
      }
      continue;
    }
    if (char === "(") depth += 1;
    if (char === ")" && (depth -= 1) === 0) break;
    out.push(char.charCodeAt(0));
  }
  return { value: Uint8Array.from(out), end: at };
}
