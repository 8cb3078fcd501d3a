import zlib from "node:zlib";
import { pdfDecrypter, type PdfDecrypter } from "./pdf-decrypt.server";

/**
 * Bounds on what a document unpacks to. A file of a megabyte can hold gigabytes once inflated
 * (a DOCX's XML, a PDF's Flate streams), and the readers that come after (mammoth with JSZip,
 * pdf.js) inflate whole parts in memory. So a document is first inflated here as a stream, part
 * by part, counting the bytes really made (the sizes an archive declares can lie) and stopping at
 * the first limit passed, before any reader sees it; nothing inflated is kept.
 */
export type UnpackLimits = {
  /** Entries of an archive, or streams of a PDF. */
  maxParts: number;
  /** One entry or stream, inflated. */
  maxPartBytes: number;
  /** Everything inflated, together. */
  maxTotalBytes: number;
  /** Inflated size over compressed size, once a part passes RATIO_FLOOR_BYTES. */
  maxRatio: number;
};

const MB = 1024 * 1024;
/** A small part may compress very well (an empty style sheet); the ratio only counts past this. */
const RATIO_FLOOR_BYTES = 1 * MB;

/** Word documents (DOCX): their XML is read whole by mammoth, so parts stay far below the server's memory. */
export const ZIP_LIMITS: UnpackLimits = { maxParts: 1_000, maxPartBytes: 32 * MB, maxTotalBytes: 128 * MB, maxRatio: 100 };
/**
 * PDFs: pdf.js decodes one stream at a time. A scanned page at 300 dpi is about 26 MB of pixels; a
 * blank one compresses a thousandfold, so pictures are bounded by their pixels, not by the ratio.
 */
export const PDF_LIMITS: UnpackLimits = { maxParts: 20_000, maxPartBytes: 128 * MB, maxTotalBytes: 512 * MB, maxRatio: 100 };
/** One picture, decoded (a PDF's image, a scan read by OCR): a 600 dpi A4 page is about 35 million pixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** A document that would unpack past a limit; the caller refuses it in its own words. */
export class UnpackRefused extends Error {
  constructor(what: string) {
    super(`unpacks past its limits: ${what}`);
    this.name = "UnpackRefused";
  }
}

const CHUNK = 64 * 1024;

/**
 * Inflates raw DEFLATE data as a stream (off the main thread) and counts what it makes, refusing as
 * soon as the count passes `cap`. It stops at the end of the DEFLATE stream (what follows is not
 * read); damaged data ends the count, and the reader that comes after says the file is damaged.
 */
export function inflatedSize(data: Uint8Array, cap: number, watch?: (chunk: Uint8Array) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    let size = 0;
    let at = 0;
    const done = () => inflater.destroyed || inflater.readableEnded;
    const write = () => {
      while (at < data.length && !done()) {
        const chunk = data.subarray(at, at + CHUNK);
        at += chunk.length;
        if (!inflater.write(chunk)) return void inflater.once("drain", write);
      }
      if (!done()) inflater.end();
    };
    inflater.on("data", (chunk: Buffer) => {
      size += chunk.length;
      try {
        if (size > cap) throw new UnpackRefused(`more than ${cap} bytes from ${data.length}`);
        watch?.(chunk);
      } catch (error) {
        inflater.destroy();
        reject(error);
      }
    });
    inflater.on("end", () => resolve(size));
    inflater.on("error", () => resolve(size));
    write();
  });
}

/** A budget of parts and bytes across one document. */
function budget(limits: UnpackLimits) {
  let parts = 0;
  let total = 0;
  return {
    /** The most one more part may inflate to, given its compressed size (null: the ratio does not apply). */
    next(compressed: number | null): number {
      parts += 1;
      if (parts > limits.maxParts) throw new UnpackRefused(`more than ${limits.maxParts} parts`);
      const byRatio = compressed === null ? Infinity : Math.max(RATIO_FLOOR_BYTES, compressed * limits.maxRatio);
      return Math.min(limits.maxPartBytes, limits.maxTotalBytes - total, byRatio);
    },
    add(size: number, cap: number): void {
      if (size > cap) throw new UnpackRefused(`a part of ${size} bytes`);
      total += size;
    },
  };
}

/**
 * Checks a ZIP archive (DOCX) entry by entry, in its central directory (the entries JSZip reads):
 * declared sizes first, then the real inflated bytes of each entry. A file that is no ZIP at all is
 * left to its reader, which refuses it as damaged.
 */
export async function checkZip(bytes: Uint8Array, limits: UnpackLimits = ZIP_LIMITS): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : -1);
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : -1);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (u32(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return;
  // ZIP64 (over 65,535 entries or 4 GB): never a document this desk reads.
  if (u16(end + 10) === 0xffff || u32(end + 16) === 0xffffffff) throw new UnpackRefused("ZIP64");
  const spent = budget(limits);
  let declaredTotal = 0;
  for (let at = u32(end + 16); u32(at) === 0x02014b50; at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32)) {
    const method = u16(at + 10);
    const compressed = u32(at + 20);
    const declared = u32(at + 24);
    const cap = spent.next(compressed);
    declaredTotal += declared;
    if (declared > cap || declaredTotal > limits.maxTotalBytes) throw new UnpackRefused(`an entry declared as ${declared} bytes`);
    const local = u32(at + 42);
    if (u32(local) !== 0x04034b50) continue;
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    const data = bytes.subarray(start, start + compressed);
    spent.add(method === 8 ? await inflatedSize(data, cap) : data.length, cap);
  }
}

/**
 * Checks a PDF's streams, found in the bytes as they are (not through a cross-reference table that
 * may lie). Each is inflated from its start to the end of its DEFLATE data, whatever its dictionary
 * says its filter is (a dictionary can hide it: a reference, a string with "<<" in it), after the
 * text encodings listed before it; a stream that is no DEFLATE data ends at its first bytes. One
 * whose filters include LZW or RunLength (which can make gigabytes of a few kilobytes) is decoded
 * by its filters instead, each with the same cap. A picture declaring more than MAX_IMAGE_PIXELS
 * pixels is refused unread. An encrypted PDF's streams are decrypted first (lib/pdf-decrypt), as
 * pdf.js will; one that needs a password is refused with PdfNeedsPassword (pdf.js cannot open it).
 */
export async function checkPdf(bytes: Uint8Array, limits: UnpackLimits = PDF_LIMITS): Promise<void> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const spent = budget(limits);
  const decrypter = pdfDecrypter(text);
  for (let at = text.indexOf("stream"); at >= 0; at = text.indexOf("stream", at + 6)) {
    const found = text.startsWith("end", at - 3) ? null : dictionaryBefore(text, at);
    if (found === null) continue;
    const { dictionary, start: dictionaryStart } = found;
    const isImage = /\/Subtype\s*\/Image(?![A-Za-z0-9])/.test(dictionary);
    if (isImage) {
      const width = Number(/\/Width\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
      const height = Number(/\/Height\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
      if (width * height > MAX_IMAGE_PIXELS) throw new UnpackRefused(`a picture of ${width} × ${height} pixels`);
    }
    // The data starts after the end of the keyword's line, as pdf.js reads it.
    const lineEnd = text.slice(at + 6, at + 264).search(/\r\n|\n|\r/);
    if (lineEnd < 0) continue;
    const start = at + 6 + lineEnd + (text.startsWith("\r\n", at + 6 + lineEnd) ? 2 : 1);
    const endstream = text.indexOf("endstream", start);
    const cap = spent.next(isImage ? null : (endstream < 0 ? text.length : endstream) - start);
    const data = decrypter ? decrypted(text, bytes, decrypter, dictionary, dictionaryStart, start, endstream) : bytes.subarray(start);
    const inline = isImage ? null : inlineImages(cap);
    const size = await decodedSize(dictionary, data, cap, { inflate: inflatedSize, whateverFilters: true, watch: inline?.see });
    spent.add(size + (inline?.end() ?? 0), cap);
  }
}

const LZW = ["/LZWDecode", "/LZW"];
const RUN_LENGTH = ["/RunLengthDecode", "/RL"];
const FLATE = ["/FlateDecode", "/Fl"];

/** A stream's filters, in the order they are undone (one name or an array of them). */
function filtersOf(dictionary: string): string[] {
  return /\/F(?:ilter)?(?![A-Za-z0-9])\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1]?.match(/\/[A-Za-z0-9]+/g) ?? [];
}

/**
 * The size a stream's data decodes to by the filters that inflate, refused past `cap`: after its
 * text encodings, its LZW, RunLength and Flate filters are undone in their order, each bounded by
 * the cap, up to the first that is none of these (a picture's own, bounded by its pixels); a last
 * Flate is done by `inflate` (a stream's as a stream, off the main thread; an inline picture's at
 * once), which `watch` sees. With `whateverFilters` (a stream, whose dictionary can hide its filter:
 * a reference, a string with "<<" in it), a chain without LZW or RunLength is inflated from its
 * start whatever its filters say. The two bytes of a zlib header are skipped, then raw DEFLATE
 * (pdf.js does the same and skips the checksum).
 */
function decodedSize<T extends number | Promise<number>>(
  dictionary: string,
  data: Uint8Array,
  cap: number,
  how: { inflate: (data: Uint8Array, cap: number, watch?: (chunk: Uint8Array) => void) => T; whateverFilters?: boolean; watch?: (chunk: Uint8Array) => void },
): T | number {
  const { inflate, watch } = how;
  const { data: text, rest } = undoTextEncodings(filtersOf(dictionary), data);
  if (how.whateverFilters && !rest.some((filter) => LZW.includes(filter) || RUN_LENGTH.includes(filter))) return inflate(text.subarray(2), cap, watch);
  const earlyChange = /\/EarlyChange\s+0(?![0-9])/.test(dictionary) ? 0 : 1;
  let out: Decoded = { bytes: text, length: 0 };
  for (const [index, filter] of rest.entries()) {
    const last = index === rest.length - 1;
    if (LZW.includes(filter)) out = lzwDecoded(out.bytes, earlyChange, cap, !last, last ? watch : undefined);
    else if (RUN_LENGTH.includes(filter)) out = runLengthDecoded(out.bytes, cap, !last, last ? watch : undefined);
    else if (FLATE.includes(filter) && last) return inflate(out.bytes.subarray(2), cap, watch);
    else if (FLATE.includes(filter)) out = inflatedBelow(out.bytes.subarray(2), cap);
    else break;
  }
  return out.length;
}

/** An inline picture's data is decoded when it is this far into what its content stream made (or at the stream's end). */
const INLINE_DATA_CHARS = 64 * 1024;
/** An inline picture's dictionary is looked for this far after its BI. */
const INLINE_DICTIONARY_CHARS = 4096;

/** White space as a PDF content stream read as latin1 has it (JavaScript's `\s` within latin1). */
const isSpace = (char: number) => (char >= 0x09 && char <= 0x0d) || char === 0x20 || char === 0xa0;

/** Where the first " ID " (white space, ID, white space) at or after `from` starts, -1 if none. */
function idAfter(text: string, from: number): number {
  for (let at = text.indexOf("ID", from + 1); at >= 0; at = text.indexOf("ID", at + 1)) {
    if (isSpace(text.charCodeAt(at - 1)) && isSpace(text.charCodeAt(at + 2))) return at - 1;
  }
  return -1;
}

/**
 * The inline pictures' heads in a piece of a content stream, in order and without overlapping: a
 * "BI" at the start or after white space, one white space, its dictionary (up to the first " ID "
 * after it, at most INLINE_DICTIONARY_CHARS long), " ID ", then its data (from `dataStart`). One
 * pass over the text: the next " ID " is found once for all the BIs before it.
 */
export function* inlineImageHeads(text: string): Generator<{ index: number; dictionary: string; dataStart: number }> {
  let id = -1;
  for (let at = text.indexOf("BI"); at >= 0; at = text.indexOf("BI", at + 1)) {
    if ((at > 0 && !isSpace(text.charCodeAt(at - 1))) || !isSpace(text.charCodeAt(at + 2))) continue;
    const from = at + 3;
    if (id < from) id = idAfter(text, from);
    if (id < 0) return;
    if (id - from > INLINE_DICTIONARY_CHARS) continue;
    yield { index: at, dictionary: text.slice(from, id), dataStart: id + 4 };
    at = id + 3;
  }
}

/**
 * Watches what a content stream makes for inline pictures (BI, their dictionary, ID, their data):
 * one declaring more than MAX_IMAGE_PIXELS is refused, and data they inflate (Flate, LZW, RunLength)
 * is decoded with the stream's cap; `end` gives the bytes their data made.
 */
function inlineImages(cap: number) {
  let seen = "";
  let made = 0;
  const scan = (final: boolean) => {
    let keepFrom = Math.max(0, seen.length - INLINE_DICTIONARY_CHARS);
    for (const { index, dictionary, dataStart } of inlineImageHeads(seen)) {
      if (!final && seen.length - dataStart < INLINE_DATA_CHARS) {
        keepFrom = Math.min(keepFrom, index);
        break;
      }
      const width = Number(/\/W(?:idth)?\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
      const height = Number(/\/H(?:eight)?\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
      if (width * height > MAX_IMAGE_PIXELS) throw new UnpackRefused(`an inline picture of ${width} × ${height} pixels`);
      made += decodedSize(dictionary, Buffer.from(seen.slice(dataStart), "latin1"), cap - made, {
        inflate: (data, below) => inflatedBelow(data, below).length,
      });
      keepFrom = Math.max(keepFrom, dataStart);
    }
    seen = seen.slice(keepFrom);
  };
  return {
    see(chunk: Uint8Array) {
      seen += Buffer.from(chunk).toString("latin1");
      if (seen.length > 2 * INLINE_DATA_CHARS) scan(false);
    },
    end(): number {
      scan(true);
      return made;
    },
  };
}

/** Raw DEFLATE inflated whole, refused past `cap`; damaged data makes nothing (its reader refuses it). */
function inflatedBelow(data: Uint8Array, cap: number): Decoded {
  try {
    const bytes = zlib.inflateRawSync(data, { maxOutputLength: cap, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    return { bytes, length: bytes.length };
  } catch (error) {
    if (error instanceof RangeError) throw new UnpackRefused(`more than ${cap} bytes from ${data.length}`);
    return { bytes: new Uint8Array(0), length: 0 };
  }
}

/**
 * What a decoder makes, counted and refused as soon as the count passes `cap`; the bytes are kept
 * only when another filter follows (else `bytes` stays empty and only `length` grows).
 */
type Decoded = { bytes: Uint8Array; length: number };

function output(cap: number, keep: boolean, from: number, watch?: (chunk: Uint8Array) => void) {
  let bytes = new Uint8Array(keep ? 4096 : 0);
  let length = 0;
  return {
    write(chunk: Uint8Array) {
      length += chunk.length;
      if (length > cap) throw new UnpackRefused(`more than ${cap} bytes from ${from}`);
      watch?.(chunk);
      if (!keep) return;
      if (length > bytes.length) {
        const larger = new Uint8Array(Math.min(cap, Math.max(length, bytes.length * 2)));
        larger.set(bytes.subarray(0, length - chunk.length));
        bytes = larger;
      }
      bytes.set(chunk, length - chunk.length);
    },
    done: () => ({ bytes: bytes.subarray(0, length), length }),
  };
}

/**
 * LZWDecode: codes of 9 to 12 bits, 256 clearing the table and 257 ending the data; the code width
 * grows one code early unless /EarlyChange is 0. Damaged data ends the output, as in pdf.js.
 */
function lzwDecoded(data: Uint8Array, earlyChange: number, cap: number, keep: boolean, watch?: (chunk: Uint8Array) => void): Decoded {
  const out = output(cap, keep, data.length, watch);
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let code = 0; code < 256; code += 1) [prefix[code], suffix[code], lengths[code]] = [-1, code, 1];
  const word = new Uint8Array(4097);
  let [next, bits, previous, buffer, held] = [258, 9, -1, 0, 0];
  for (const byte of data) {
    buffer = ((buffer << 8) | byte) & 0xffffff;
    held += 8;
    while (held >= bits) {
      held -= bits;
      const code = (buffer >>> held) & ((1 << bits) - 1);
      if (code === 256) {
        [next, bits, previous] = [258, 9, -1];
        continue;
      }
      if (code === 257 || code > next || (code === next && previous < 0)) return out.done();
      const known = code < next ? code : previous;
      let length = lengths[known]!;
      for (let at = length - 1, entry = known; at >= 0; at -= 1, entry = prefix[entry]!) word[at] = suffix[entry]!;
      if (code === next) word[length++] = word[0]!;
      out.write(word.subarray(0, length));
      if (previous >= 0 && next < 4096) {
        [prefix[next], suffix[next], lengths[next]] = [previous, word[0]!, lengths[previous]! + 1];
        next += 1;
      }
      while (bits < 12 && next + earlyChange >= 1 << bits) bits += 1;
      previous = code;
    }
  }
  return out.done();
}

/** RunLengthDecode: a length byte below 128 copies that many bytes and one, above repeats the next byte 257 less it, 128 ends. */
function runLengthDecoded(data: Uint8Array, cap: number, keep: boolean, watch?: (chunk: Uint8Array) => void): Decoded {
  const out = output(cap, keep, data.length, watch);
  for (let at = 0; at < data.length && data[at] !== 128;) {
    const run = data[at]!;
    if (run < 128) {
      out.write(data.subarray(at + 1, Math.min(data.length, at + 2 + run)));
      at += run + 2;
    } else {
      if (at + 1 >= data.length) break;
      out.write(new Uint8Array(257 - run).fill(data[at + 1]!));
      at += 2;
    }
  }
  return out.done();
}

/**
 * The data of an encrypted file's stream, decrypted with the key of its object (the numbers before
 * its dictionary). It ends where its /Length says when "endstream" follows there, else at the first
 * "endstream", as pdf.js reads it. Cross-reference streams are never encrypted, nor metadata when
 * /EncryptMetadata is false.
 */
function decrypted(
  text: string,
  bytes: Uint8Array,
  decrypter: PdfDecrypter,
  dictionary: string,
  dictionaryStart: number,
  start: number,
  endstream: number,
): Uint8Array {
  const type = /\/Type\s*\/([A-Za-z]+)/.exec(dictionary)?.[1];
  const object = /(\d+)\s+(\d+)\s+obj\s*$/.exec(text.slice(Math.max(0, dictionaryStart - 32), dictionaryStart));
  if (type === "XRef" || (type === "Metadata" && !decrypter.encryptsMetadata) || !object) return bytes.subarray(start);
  const length = /\/Length\s+(\d+)(?![\d\s]*R)/.exec(dictionary)?.[1] ?? indirectLength(text, dictionary);
  const byLength = length === null ? -1 : start + Number(length);
  const end = byLength >= start && /^\s*endstream/.test(text.slice(byLength, byLength + 64)) ? byLength : endstream < 0 ? text.length : endstream;
  return decrypter.stream(bytes.subarray(start, end), Number(object[1]), Number(object[2]));
}

/** A stream's /Length given as a reference to an object holding a number. */
function indirectLength(text: string, dictionary: string): string | null {
  const reference = /\/Length\s+(\d+)\s+(\d+)\s+R/.exec(dictionary);
  if (!reference) return null;
  const definitions = [...text.matchAll(new RegExp(`(?<![0-9])${reference[1]}\\s+${reference[2]}\\s+obj\\s*(\\d+)\\s*endobj`, "g"))];
  return definitions.at(-1)?.[1] ?? null;
}

/** Dictionaries are read this far back at most (a walk back never costs more). */
const MAX_DICTIONARY_CHARS = 65_536;

/**
 * The dictionary that ends (">>", then blanks) right before the keyword at `at`: null when there is
 * none (the word is inside some data), its last MAX_DICTIONARY_CHARS characters when longer.
 */
function dictionaryBefore(text: string, at: number): { dictionary: string; start: number } | null {
  let close = at - 1;
  while (close >= 0 && /\s/.test(text[close]!)) close -= 1;
  if (close < 1 || text[close] !== ">" || text[close - 1] !== ">") return null;
  const from = Math.max(0, close - MAX_DICTIONARY_CHARS);
  let depth = 0;
  for (let index = close; index > from; index -= 1) {
    if (text[index] === ">" && text[index - 1] === ">") {
      depth += 1;
      index -= 1;
    } else if (text[index] === "<" && text[index - 1] === "<") {
      depth -= 1;
      index -= 1;
      if (depth === 0) return { dictionary: text.slice(index - 1, close + 1), start: index - 1 };
    }
  }
  return { dictionary: text.slice(from, close + 1), start: from };
}

const isWhite = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/**
 * Undoes the text encodings listed first in a stream's filters (`[/ASCII85Decode /FlateDecode]`),
 * as pdf.js does before inflating; each makes fewer bytes than it reads, "z" in ASCII85 aside (four).
 * The filters after them are returned.
 */
function undoTextEncodings(filters: string[], data: Uint8Array): { data: Uint8Array; rest: string[] } {
  let out = data;
  let index = 0;
  for (; index < filters.length; index += 1) {
    const filter = filters[index];
    if (filter === "/ASCIIHexDecode" || filter === "/AHx") out = fromHex(out);
    else if (filter === "/ASCII85Decode" || filter === "/A85") out = fromAscii85(out);
    else break;
  }
  return { data: out, rest: filters.slice(index) };
}

/** ASCIIHexDecode, up to its end mark (">") or the first byte that is not hexadecimal. */
function fromHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let length = 0;
  let high = -1;
  for (const byte of data) {
    if (isWhite(byte)) continue;
    const digit = byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 ? (byte | 0x20) - 0x57 : -1;
    if (digit < 0) break;
    if (high < 0) high = digit;
    else {
      out[length++] = high * 16 + digit;
      high = -1;
    }
  }
  if (high >= 0) out[length++] = high * 16;
  return out.subarray(0, length);
}

/** ASCII85Decode, up to its end mark ("~") or the first byte outside its alphabet. */
function fromAscii85(data: Uint8Array): Uint8Array {
  let end = 0;
  let zeros = 0;
  for (; end < data.length; end += 1) {
    const byte = data[end]!;
    if (byte === 0x7a) zeros += 1;
    else if (!isWhite(byte) && (byte < 0x21 || byte > 0x75)) break;
  }
  const out = new Uint8Array(zeros * 4 + Math.ceil(((end - zeros) * 4) / 5) + 4);
  let length = 0;
  let group = 0;
  let count = 0;
  for (let index = 0; index < end; index += 1) {
    const byte = data[index]!;
    if (isWhite(byte)) continue;
    if (byte === 0x7a && count === 0) {
      length += 4;
      continue;
    }
    group = group * 85 + (byte - 0x21);
    count += 1;
    if (count === 5) {
      for (let shift = 3; shift >= 0; shift -= 1) out[length++] = Math.floor(group / 256 ** shift) % 256;
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let pad = count; pad < 5; pad += 1) group = group * 85 + 84;
    for (let shift = 3; shift > 4 - count; shift -= 1) out[length++] = Math.floor(group / 256 ** shift) % 256;
  }
  return out.subarray(0, length);
}
