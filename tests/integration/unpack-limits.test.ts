import mammoth from "mammoth";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { processImage } from "~/features/content/images.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { extractText } from "~/features/extractor/extract.server";
import { stopOcr } from "~/features/extractor/ocr.server";
import { countDocumentWords } from "~/features/translations/word-count.server";
import { AppError } from "~/lib/app-error";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { countWords } from "~/features/translations/word-count.server";
import { PdfNeedsPassword } from "~/lib/pdf-decrypt.server";
import { checkPdf, checkZip, PDF_LIMITS, UnpackRefused, ZIP_LIMITS } from "~/lib/unpack-limits.server";
import * as filesApi from "~/routes/api+/translation-files";
import * as deskPage from "~/routes/dashboard+/translations._index";
import { describeEachDialect } from "../setup/database";
import { callJson } from "../support/api";
import { docxBomb, encryptedTextPdf, lzwTextPdf, pdfBomb, pdfDecodingBomb, pdfWithInlinePicture, pdfWithPicture, type PdfEncryption } from "../support/bombs";
import { docx, textPdf } from "../support/documents";
import { makeUser, type TestUser } from "../support/factories";

/**
 * Decompression bombs: a DOCX whose XML inflates to 400 MB (the size that took the server down)
 * and a PDF whose content stream inflates to 160 MB, both about a megabyte, are refused with a
 * clear message before any reader inflates them, by the translation desk (API and page, nothing
 * stored), its word count and the document extractor; ordinary documents still go through.
 */
let made: Promise<{ docx: Buffer; pdf: Buffer }> | null = null;
const bombs = () => (made ??= Promise.all([docxBomb(400), pdfBomb(160)]).then(([docx, pdf]) => ({ docx, pdf })));

/**
 * PDFs that open without a password (the standard security handler with an empty user password),
 * whose streams pdf.js decrypts before inflating: a 40 MB bomb of each encryption.
 */
const ENCRYPTIONS: PdfEncryption[] = ["rc4", "aes128", "aes256"];
let madeEncrypted: Promise<Buffer[]> | null = null;
const encryptedBombs = () => (madeEncrypted ??= Promise.all(ENCRYPTIONS.map((kind) => pdfBomb(40, undefined, kind))));
const ORDINARY_LINE = "An ordinary encrypted statement of account for March.";

/**
 * Streams that pdf.js decodes by LZW (a few kilobytes making 200 MB) or RunLength (2.5 MB making
 * 160 MB, past the 128 MB a stream may make), and an ordinary page whose text is LZW-encoded.
 */
const decodingBombs = () => [pdfDecodingBomb("lzw", 200), pdfDecodingBomb("runLength", 160)];
const LZW_LINE = "An ordinary statement of account written with LZW.";

/** A greyscale PNG that declares `width` × `height` pixels, with one row of data. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function refusalOf(work: Promise<unknown>): Promise<{ status: number; key: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, key: error.key };
    throw error;
  }
  throw new Error("not refused");
}

describe("unpacking limits", () => {
  afterAll(() => stopOcr());

  it("count the bytes a ZIP really inflates to, whatever its headers declare, and its entries", async () => {
    const { docx: bomb } = await bombs();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expect(checkZip(bomb)).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkZip(docx(["An ordinary letter."]))).resolves.toBeUndefined();
    const { zipSync, strToU8 } = await import("fflate");
    const many = zipSync(Object.fromEntries(Array.from({ length: ZIP_LIMITS.maxParts + 1 }, (_, index) => [`part${index}.xml`, strToU8("<a/>")])));
    await expect(checkZip(many)).rejects.toBeInstanceOf(UnpackRefused);
  });

  it("inflate a PDF's streams with a cap, after their text encodings, and bound its pictures' pixels", async () => {
    const { pdf: bomb } = await bombs();
    await expect(checkPdf(bomb)).rejects.toBeInstanceOf(UnpackRefused);
    // The same bomb written as text first, which pdf.js decodes before inflating.
    await expect(checkPdf(await pdfBomb(40, "hex"))).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkPdf(await pdfBomb(40, "ascii85"))).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkPdf(await pdfWithPicture(10_000, 10_000))).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkPdf(await pdfWithPicture(1_000, 1_000))).resolves.toBeUndefined();
    await expect(checkPdf(await textPdf([["An ordinary statement of account."]]))).resolves.toBeUndefined();
  });

  it("decode a PDF's LZW and RunLength streams with a cap, in their filters' order, counting every byte", async () => {
    const [lzwBomb, runLengthBomb] = decodingBombs();
    expect(lzwBomb!.length).toBeLessThan(100 * 1024);
    await expect(checkPdf(lzwBomb!)).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkPdf(runLengthBomb!)).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkPdf(pdfDecodingBomb("lzw", 200, true))).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkPdf(lzwTextPdf(LZW_LINE))).resolves.toBeUndefined();
    // The count is exact: a page of 5,000 letters and its operators passes a cap of its size, not one byte less.
    const long = lzwTextPdf("x".repeat(5_000));
    const content = `BT /F1 18 Tf 72 700 Td (${"x".repeat(5_000)}) Tj ET\n`.length;
    await expect(checkPdf(long, { ...PDF_LIMITS, maxPartBytes: content })).resolves.toBeUndefined();
    await expect(checkPdf(long, { ...PDF_LIMITS, maxPartBytes: content - 1 })).rejects.toBeInstanceOf(UnpackRefused);
  });

  it("bound a content stream's inline pictures by their pixels, and decode their Flate data with a cap", async () => {
    await expect(checkPdf(await pdfWithInlinePicture(10_000, 10_000))).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkPdf(await pdfWithInlinePicture(10, 10, 200))).rejects.toBeInstanceOf(UnpackRefused);
    await expect(checkPdf(await pdfWithInlinePicture(10, 10))).resolves.toBeUndefined();
    expect(await refusalOf(extractText(await pdfWithInlinePicture(10, 10, 200)))).toEqual({ status: 413, key: "extractor:errors.unpacksTooLarge" });
  });

  it("make the extractor refuse LZW and RunLength bombs, and still read a page written with LZW", async () => {
    for (const bomb of decodingBombs()) expect(await refusalOf(extractText(bomb))).toEqual({ status: 413, key: "extractor:errors.unpacksTooLarge" });
    expect((await extractText(lzwTextPdf(LZW_LINE))).text.trim()).toBe(LZW_LINE);
  });

  it("decrypt an encrypted PDF's streams (RC4, AES-128, AES-256) before inflating them, and refuse one that needs a password", async () => {
    for (const bomb of await encryptedBombs()) await expect(checkPdf(bomb)).rejects.toBeInstanceOf(UnpackRefused);
    for (const kind of ENCRYPTIONS) await expect(checkPdf(encryptedTextPdf(ORDINARY_LINE, kind))).resolves.toBeUndefined();
    for (const kind of ["rc4", "aes128"] as const)
      await expect(checkPdf(encryptedTextPdf(ORDINARY_LINE, kind, "secret"))).rejects.toBeInstanceOf(PdfNeedsPassword);
  });

  it("make the extractor refuse an encrypted PDF bomb and one that needs a password, and still read ordinary encrypted ones", async () => {
    for (const bomb of await encryptedBombs()) expect(await refusalOf(extractText(bomb))).toEqual({ status: 413, key: "extractor:errors.unpacksTooLarge" });
    expect(await refusalOf(extractText(encryptedTextPdf(ORDINARY_LINE, "aes128", "secret")))).toEqual({ status: 422, key: "extractor:errors.encrypted" });
    for (const kind of ENCRYPTIONS) {
      const { text } = await extractText(encryptedTextPdf(ORDINARY_LINE, kind));
      expect(text.trim()).toBe(ORDINARY_LINE);
      expect(countWords(text)).toBe(8);
    }
  });

  it("make the extractor refuse a DOCX, a PDF and pictures that unpack too far, and still read ordinary ones", async () => {
    const { docx: docxBombFile, pdf: pdfBombFile } = await bombs();
    const refused = { status: 413, key: "extractor:errors.unpacksTooLarge" };
    expect(await refusalOf(extractText(docxBombFile))).toEqual(refused);
    expect(await refusalOf(extractText(pdfBombFile))).toEqual(refused);
    expect(await refusalOf(extractText(await pdfWithPicture(10_000, 10_000)))).toEqual(refused);
    expect(await refusalOf(extractText(pngDeclaring(10_000, 10_000)))).toEqual({ status: 413, key: "extractor:errors.imageTooLarge" });
    expect((await extractText(docx(["An ordinary letter of recommendation."]))).text).toBe("An ordinary letter of recommendation.");
    expect((await extractText(await textPdf([["An ordinary statement of account for March."]]))).text).toContain("statement of account");
  });

  it("leave a bomb uncounted without handing it to mammoth, and an ordinary DOCX counted", async () => {
    const { docx: bomb } = await bombs();
    const reader = vi.spyOn(mammoth, "extractRawText");
    try {
      expect(await countDocumentWords("docx", bomb, "en")).toBeNull();
      expect(reader).not.toHaveBeenCalled();
      expect(await countDocumentWords("docx", Buffer.from(docx(["One two three."])), "en")).toBe(3);
      expect(reader).toHaveBeenCalledTimes(1);
    } finally {
      reader.mockRestore();
    }
  });

  it("refuse a website picture over its pixels before decoding it", async () => {
    const png = pngDeclaring(10_000, 10_000);
    const file = { name: "huge.png", size: png.length, arrayBuffer: async () => new Uint8Array(png).buffer };
    await expect(processImage("photo", file, "photo")).rejects.toMatchObject({ key: "site-media:images.errors.unreadable" });
  });
});

type Answer = { message?: string; file?: { id: string; wordCount: number | null }; result?: { error: Record<string, string[]> } };

describeEachDialect("translation desk: decompression bombs", (db) => {
  let translator: TestUser;
  beforeAll(async () => {
    await seedPublicContent(db());
    translator = await makeUser(db(), { role: "staff", features: ["translations"] });
  });
  beforeEach(() => resetLimitersForTests());

  const form = (content: Uint8Array, name: string, fields: Record<string, string> = {}) => {
    const body = new FormData();
    body.set("sourceLanguage", "en");
    body.set("targetLanguage", "ar");
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    body.set("file", new File([new Uint8Array(content)], name));
    return body;
  };
  const stored = async () => ({
    files: (await db().selectFrom("translationFiles").select("id").execute()).length,
    bytes: (await db().selectFrom("storedFiles").select("id").where("recordType", "=", "translation").execute()).length,
  });

  it("refuses them through the API and the desk's form with a clear message, storing nothing", async () => {
    const { docx: docxBombFile, pdf: pdfBombFile } = await bombs();
    const before = await stored();
    const api = (content: Uint8Array, name: string) =>
      callJson<Answer>(filesApi.action, { path: "/api/translation-files", method: "POST", as: translator, body: form(content, name) });
    const word = await api(docxBombFile, "contract.docx");
    expect(word.status).toBe(413);
    expect(word.body.message).toBe(
      "contract.docx unpacks to far more data than a document of its size can hold, so it was not accepted. If it is a real document, save it again from its program and upload the new copy.",
    );
    expect((await api(pdfBombFile, "statement.pdf")).status).toBe(413);

    const page = await callJson<Answer>(deskPage.action, {
      path: "/dashboard/translations?tab=upload",
      method: "POST",
      as: translator,
      body: form(docxBombFile, "contract.docx", { intent: "upload" }),
    });
    expect(page.status).toBe(413);
    expect(page.body.result?.error[""]).toEqual(["translations:messages.uploadFailed"]);
    expect(page.body.result?.error.file?.[0]).toContain("translations:errors.unpacksTooLarge");
    expect(await stored()).toEqual(before);

    for (const bomb of await encryptedBombs()) {
      const answer = await api(bomb, "form.pdf");
      expect([answer.status, answer.body.message]).toEqual([
        413,
        "form.pdf unpacks to far more data than a document of its size can hold, so it was not accepted. If it is a real document, save it again from its program and upload the new copy.",
      ]);
    }
    const locked = await api(encryptedTextPdf(ORDINARY_LINE, "rc4", "secret"), "locked.pdf");
    expect(locked.status).toBe(400);
    expect(JSON.stringify(locked.body)).toContain("locked.pdf is protected by a password. Remove the password and upload it again.");
    expect(await stored()).toEqual(before);

    for (const bomb of decodingBombs()) expect((await api(bomb, "scan.pdf")).status).toBe(413);
    expect(await stored()).toEqual(before);

    for (const kind of ENCRYPTIONS) expect((await api(encryptedTextPdf(ORDINARY_LINE, kind), `${kind}.pdf`)).status).toBe(201);
    expect((await api(lzwTextPdf(LZW_LINE), "lzw.pdf")).status).toBe(201);
    const ordinary = await api(docx(["An ordinary letter of six words."]), "letter.docx");
    expect([ordinary.status, ordinary.body.file?.wordCount]).toEqual([201, 6]);
    expect((await api(await textPdf([["An ordinary statement."]]), "statement.pdf")).status).toBe(201);
  });
});
