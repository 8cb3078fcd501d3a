import crypto from "node:crypto";
import { once } from "node:events";
import zlib from "node:zlib";
import { rc4, revision6Hash } from "~/lib/pdf-decrypt.server";
import { docx } from "./documents";

/**
 * Decompression bombs for the unpacking limits' tests, deflated as a stream: `megabytes` MB of a
 * repeated line go through the compressor one megabyte at a time, so the inflated size is never
 * held in memory (a gigabyte makes about a megabyte).
 */
async function deflated(megabytes: number, line: string, format: "raw" | "zlib"): Promise<Buffer> {
  const compressor = format === "raw" ? zlib.createDeflateRaw({ level: 9 }) : zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = once(compressor, "end");
  const block = Buffer.alloc(1024 * 1024, line);
  for (let index = 0; index < megabytes; index += 1) if (!compressor.write(block)) await once(compressor, "drain");
  compressor.end();
  await ended;
  return Buffer.concat(out);
}

/** The entries of an ordinary ZIP (fflate's), as central-directory records pointing at their local headers. */
function zipEntries(zip: Uint8Array): Array<{ name: string; local: Buffer; data: Buffer; central: Buffer }> {
  const bytes = Buffer.from(zip);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = [];
  for (let at = bytes.readUInt32LE(end + 16); bytes.readUInt32LE(at) === 0x02014b50;) {
    const size = 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const central = bytes.subarray(at, at + size);
    const offset = central.readUInt32LE(42);
    const start = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    entries.push({
      name: central.toString("utf8", 46, 46 + central.readUInt16LE(28)),
      local: bytes.subarray(offset, start),
      data: bytes.subarray(start, start + central.readUInt32LE(20)),
      central,
    });
    at += size;
  }
  return entries;
}

/**
 * A Word document whose word/document.xml inflates to `megabytes` MB while its headers declare
 * `declaredBytes` (a ZIP's sizes can lie), the rest of it an ordinary DOCX.
 */
export async function docxBomb(megabytes: number, declaredBytes = 2_000): Promise<Buffer> {
  const bomb = await deflated(megabytes, "<w:p><w:r><w:t>again</w:t></w:r></w:p>", "raw");
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of zipEntries(docx(["An ordinary paragraph."]))) {
    const isBomb = entry.name === "word/document.xml";
    const data = isBomb ? bomb : entry.data;
    const local = Buffer.from(entry.local);
    const central = Buffer.from(entry.central);
    if (isBomb) {
      for (const [header, at] of [
        [local, 8],
        [central, 10],
      ] as const)
        header.writeUInt16LE(8, at);
      for (const [header, at] of [
        [local, 18],
        [central, 20],
      ] as const)
        header.writeUInt32LE(bomb.length, at);
      for (const [header, at] of [
        [local, 22],
        [central, 24],
      ] as const)
        header.writeUInt32LE(declaredBytes, at);
    }
    central.writeUInt32LE(offset, 42);
    parts.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** The encryptions a PDF's standard security handler offers: RC4 128-bit (R3), AES-128 (R4), AES-256 (R6). */
export type PdfEncryption = "rc4" | "aes128" | "aes256";

const PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
const md5 = (...parts: Uint8Array[]) => crypto.createHash("md5").update(Buffer.concat(parts)).digest();
const aes = (algorithm: string, key: Uint8Array, iv: Uint8Array, data: Uint8Array, pad = true) => {
  const cipher = crypto.createCipheriv(algorithm, key, iv).setAutoPadding(pad);
  return Buffer.concat([cipher.update(data), cipher.final()]);
};

/**
 * The encryption dictionary and stream encrypter of the standard security handler, as a writer makes
 * them for `userPassword` (the empty one opens the file without asking); the owner's entries are
 * arbitrary bytes (only the user's password is ever tried).
 */
function encryption(kind: PdfEncryption, id: Buffer, userPassword: string) {
  const hex = (bytes: Uint8Array) => `<${Buffer.from(bytes).toString("hex")}>`;
  if (kind === "aes256") {
    if (userPassword) throw new Error("only the empty password is written for AES-256");
    const [key, validationSalt, keySalt] = [crypto.randomBytes(32), crypto.randomBytes(8), crypto.randomBytes(8)];
    const user = Buffer.concat([revision6Hash(validationSalt), validationSalt, keySalt]);
    const userKey = aes("aes-256-cbc", revision6Hash(keySalt), Buffer.alloc(16), key, false);
    return {
      dictionary: `<< /Filter /Standard /V 5 /R 6 /Length 256 /P -3904 /O ${hex(crypto.randomBytes(48))} /U ${hex(user)} /OE ${hex(crypto.randomBytes(32))} /UE ${hex(userKey)} /Perms ${hex(crypto.randomBytes(16))} /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >> /StmF /StdCF /StrF /StdCF >>`,
      encrypt: (data: Buffer) => {
        const iv = crypto.randomBytes(16);
        return Buffer.concat([iv, aes("aes-256-cbc", key, iv, data)]);
      },
    };
  }
  const owner = md5(Buffer.from("owner")).toString("hex").repeat(2);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-3904);
  let key = md5(Buffer.concat([Buffer.from(userPassword, "latin1"), PAD]).subarray(0, 32), Buffer.from(owner, "hex"), permissions, id);
  for (let round = 0; round < 50; round += 1) key = md5(key);
  let user = rc4(key, md5(PAD, id));
  for (let round = 1; round <= 19; round += 1)
    user = rc4(
      key.map((byte) => byte ^ round),
      user,
    );
  // /U as a literal string, as most writers make it: its bytes as they are, but for the escaped ones
  // (its last 16 bytes, never compared, hold each kind, so /P after it is read right only if they are).
  const literal = (bytes: Uint8Array) =>
    `(${Buffer.from(bytes)
      .toString("latin1")
      .replace(/[\\()\r\n]/g, (char) => ({ "\r": "\\r", "\n": "\\n" })[char] ?? `\\${char}`)})`;
  const encrypted = `/O <${owner}> /U ${literal(Buffer.concat([user, Buffer.from("5c28290d0a0900ff5c28290d0a0900ff", "hex")]))} /P -3904`;
  const objectKey = (number: number, salt: string) =>
    md5(key, Buffer.from([number & 0xff, number >> 8, number >> 16, 0, 0]), Buffer.from(salt)).subarray(0, 16);
  if (kind === "rc4") {
    return {
      dictionary: `<< /Filter /Standard /V 2 /R 3 /Length 128 ${encrypted} >>`,
      encrypt: (data: Buffer, number: number) => Buffer.from(rc4(objectKey(number, ""), data)),
    };
  }
  return {
    dictionary: `<< /Filter /Standard /V 4 /R 4 /Length 128 ${encrypted} /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF >>`,
    encrypt: (data: Buffer, number: number) => {
      const iv = crypto.randomBytes(16);
      return Buffer.concat([iv, aes("aes-128-cbc", objectKey(number, "sAlT"), iv, data)]);
    },
  };
}

/**
 * A one-page PDF written by hand from its objects (strings, or a dictionary and its stream's bytes),
 * its streams encrypted when `encrypted` says how (strings are written outside streams only in clear
 * dictionaries, so nothing else needs encrypting).
 */
function pdfOf(objects: Array<string | { dictionary: string; stream: Buffer }>, encrypted?: { kind: PdfEncryption; userPassword?: string }): Buffer {
  const id = crypto.randomBytes(16);
  const security = encrypted && encryption(encrypted.kind, id, encrypted.userPassword ?? "");
  if (security) objects = [...objects, security.dictionary];
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === "string") return add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, "latin1"));
    const stream = security ? security.encrypt(object.stream, index + 1) : object.stream;
    add(Buffer.from(`${index + 1} 0 obj\n<< ${object.dictionary} /Length ${stream.length} >>\nstream\n`));
    add(stream);
    add(Buffer.from("\nendstream\nendobj\n"));
  });
  const xref = length;
  add(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("")}`));
  const encrypt = security ? ` /Encrypt ${objects.length} 0 R /ID [<${id.toString("hex")}> <${id.toString("hex")}>]` : "";
  add(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const PAGE = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"];

/** ASCII85 (PDF's ASCII85Decode), with its end mark. */
function ascii85(data: Buffer): Buffer {
  const groups: string[] = [];
  for (let at = 0; at < data.length; at += 4) {
    const size = Math.min(4, data.length - at);
    const word = Buffer.alloc(4);
    data.copy(word, 0, at, at + size);
    let value = word.readUInt32BE(0);
    if (value === 0 && size === 4) {
      groups.push("z");
      continue;
    }
    const digits: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    groups.push(digits.slice(0, size + 1).join(""));
  }
  return Buffer.from(`${groups.join("")}~>`, "latin1");
}

/**
 * A PDF whose page's content stream (FlateDecode) inflates to `megabytes` MB; `encoding` first
 * writes the compressed bytes as hexadecimal or ASCII85 text (`[/ASCIIHexDecode /FlateDecode]`).
 */
export async function pdfBomb(megabytes: number, encoding?: "hex" | "ascii85", encrypted?: PdfEncryption): Promise<Buffer> {
  const content = await deflated(megabytes, "0 0 m 1 1 l S\n", "zlib");
  const stream = !encoding ? content : encoding === "hex" ? Buffer.from(`${content.toString("hex")}>`) : ascii85(content);
  const filter = !encoding ? "/FlateDecode" : `[/${encoding === "hex" ? "ASCIIHexDecode" : "ASCII85Decode"} /FlateDecode]`;
  const objects = [...PAGE, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>", { dictionary: `/Filter ${filter}`, stream }];
  return pdfOf(objects, encrypted && { kind: encrypted });
}

/** A one-page PDF showing `line` in Helvetica, its streams encrypted as `kind` says, opening with `userPassword` (none: the empty one). */
export function encryptedTextPdf(line: string, kind: PdfEncryption, userPassword?: string): Buffer {
  const content = zlib.deflateSync(Buffer.from(`BT /F1 18 Tf 72 700 Td (${line}) Tj ET\n`, "latin1"));
  return pdfOf(
    [
      ...PAGE,
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
      { dictionary: "/Filter /FlateDecode", stream: content },
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ],
    { kind, userPassword },
  );
}

/** A PDF whose page shows a picture declaring `width` × `height` pixels (its data a few bytes). */
export async function pdfWithPicture(width: number, height: number): Promise<Buffer> {
  const pixels = await deflated(1, "\u0000", "zlib");
  return pdfOf([
    ...PAGE,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
    { dictionary: "", stream: Buffer.from("q 612 0 0 792 0 0 cm /Im1 Do Q\n") },
    {
      dictionary: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      stream: pixels,
    },
  ]);
}

/**
 * LZW codes packed as PDF's LZWDecode reads them (9 to 12 bits, the width growing one code early
 * as /EarlyChange 1 says): the writer follows the reader's table, which grows by one at each code
 * after the first and restarts at the clear code (256).
 */
function lzwPacked(codes: Iterable<number>): Buffer {
  const bytes: number[] = [];
  let [next, bits, first, buffer, held] = [258, 9, true, 0, 0];
  for (const code of codes) {
    buffer = (buffer << bits) | code;
    held += bits;
    while (held >= 8) {
      held -= 8;
      bytes.push((buffer >>> held) & 0xff);
    }
    buffer &= (1 << held) - 1;
    if (code === 256) [next, bits, first] = [258, 9, true];
    else if (first) first = false;
    else if (next < 4096) next += 1;
    while (bits < 12 && next + 1 >= 1 << bits) bits += 1;
  }
  if (held > 0) bytes.push((buffer << (8 - held)) & 0xff);
  return Buffer.from(bytes);
}

/** `data` as LZW codes of its bytes one by one, clearing the table before it fills. */
function lzw(data: Buffer): Buffer {
  return lzwPacked(
    (function* () {
      for (let at = 0; at < data.length; at += 1) {
        if (at % 3_000 === 0) yield 256;
        yield data[at]!;
      }
      yield 257;
    })(),
  );
}

/**
 * LZW codes that make about `megabytes` MB from a few kilobytes: each new code is the one before and
 * an "A" (3,838 of them at the table's end), then the longest is repeated.
 */
function lzwBombCodes(megabytes: number): Buffer {
  return lzwPacked(
    (function* () {
      yield 256;
      yield 0x41;
      for (let code = 258; code < 4096; code += 1) yield code;
      for (let made = 0; made < megabytes * 1024 * 1024; made += 3_839) yield 4095;
      yield 257;
    })(),
  );
}

/** A one-page PDF whose content stream is `stream`, filtered by `filter` (a name or an array), showing text in Helvetica. */
function pdfWithContent(filter: string, stream: Buffer): Buffer {
  return pdfOf([
    ...PAGE,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    { dictionary: `/Filter ${filter}`, stream },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ]);
}

/**
 * A PDF whose content stream decodes to about `megabytes` MB: by LZW (a few kilobytes, also after
 * ASCII85 when `ascii85`), or by RunLength (two bytes for 128, so about a sixty-fourth of it).
 */
export function pdfDecodingBomb(kind: "lzw" | "runLength", megabytes: number, ascii85Encoded = false): Buffer {
  if (kind === "runLength") return pdfWithContent("/RunLengthDecode", Buffer.alloc((megabytes * 1024 * 1024) / 64, Buffer.from([0x81, 0x20])));
  const codes = lzwBombCodes(megabytes);
  return ascii85Encoded ? pdfWithContent("[/ASCII85Decode /LZWDecode]", ascii85(codes)) : pdfWithContent("/LZWDecode", codes);
}

/** A one-page PDF showing `line` in Helvetica, its content stream LZW-encoded. */
export function lzwTextPdf(line: string): Buffer {
  return pdfWithContent("/LZWDecode", lzw(Buffer.from(`BT /F1 18 Tf 72 700 Td (${line}) Tj ET\n`, "latin1")));
}

/**
 * A PDF whose page draws an inline picture declaring `width` × `height` pixels, its data a few
 * bytes, or (`megabytes`) Flate data inflating that far.
 */
export async function pdfWithInlinePicture(width: number, height: number, megabytes?: number): Promise<Buffer> {
  const data = megabytes ? await deflated(megabytes, "\u0000", "zlib") : Buffer.alloc(Math.min(width * height, 100));
  const filter = megabytes ? " /F /Fl" : "";
  const content = Buffer.concat([
    Buffer.from(`q ${width} 0 0 ${height} 0 0 cm BI /W ${width} /H ${height} /BPC 8 /CS /G${filter} ID `),
    data,
    Buffer.from(" EI Q\n"),
  ]);
  return pdfWithContent("/FlateDecode", zlib.deflateSync(content));
}
