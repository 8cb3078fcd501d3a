import { once } from "node:events";
import zlib from "node:zlib";
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
  for (let at = bytes.readUInt32LE(end + 16); bytes.readUInt32LE(at) === 0x02014b50; ) {
    const size = 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const central = bytes.subarray(at, at + size);
    const offset = central.readUInt32LE(42);
    const start = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    entries.push({ name: central.toString("utf8", 46, 46 + central.readUInt16LE(28)), local: bytes.subarray(offset, start), data: bytes.subarray(start, start + central.readUInt32LE(20)), central });
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
      for (const [header, at] of [[local, 8], [central, 10]] as const) header.writeUInt16LE(8, at);
      for (const [header, at] of [[local, 18], [central, 20]] as const) header.writeUInt32LE(bomb.length, at);
      for (const [header, at] of [[local, 22], [central, 24]] as const) header.writeUInt32LE(declaredBytes, at);
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

/** A one-page PDF written by hand from its objects (strings, or a dictionary and its stream's bytes). */
function pdfOf(objects: Array<string | { dictionary: string; stream: Buffer }>): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === "string") return add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`));
    add(Buffer.from(`${index + 1} 0 obj\n<< ${object.dictionary} /Length ${object.stream.length} >>\nstream\n`));
    add(object.stream);
    add(Buffer.from("\nendstream\nendobj\n"));
  });
  const xref = length;
  add(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("")}`));
  add(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
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
export async function pdfBomb(megabytes: number, encoding?: "hex" | "ascii85"): Promise<Buffer> {
  const content = await deflated(megabytes, "0 0 m 1 1 l S\n", "zlib");
  const stream = !encoding ? content : encoding === "hex" ? Buffer.from(`${content.toString("hex")}>`) : ascii85(content);
  const filter = !encoding ? "/FlateDecode" : `[/${encoding === "hex" ? "ASCIIHexDecode" : "ASCII85Decode"} /FlateDecode]`;
  return pdfOf([...PAGE, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>", { dictionary: `/Filter ${filter}`, stream }]);
}

/** A PDF whose page shows a picture declaring `width` × `height` pixels (its data a few bytes). */
export async function pdfWithPicture(width: number, height: number): Promise<Buffer> {
  const pixels = await deflated(1, "\u0000", "zlib");
  return pdfOf([
    ...PAGE,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
    { dictionary: "", stream: Buffer.from("q 612 0 0 792 0 0 cm /Im1 Do Q\n") },
    { dictionary: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, stream: pixels },
  ]);
}
