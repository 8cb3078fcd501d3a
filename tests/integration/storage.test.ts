import fs from "node:fs";
import path from "node:path";
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { beforeAll, expect, it } from "vitest";
import { env } from "~/lib/env.server";
import { segmentedSize } from "~/lib/secrets.server";
import {
  checkUpload,
  createUploadHandler,
  detectAllowedType,
  MAX_UPLOAD_BYTES,
  readStoredFile,
  sanitizeFileName,
  storeFile,
  UploadRejected,
} from "~/lib/storage.server";
import { describeEachDialect } from "../setup/database";
import { makeUser, type TestUser } from "../support/factories";

const PDF = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
// A real 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(200, 7)]);
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

async function rejection(file: File): Promise<string | null> {
  try {
    await checkUpload(file);
    return null;
  } catch (error) {
    if (error instanceof UploadRejected) return error.problem;
    throw error;
  }
}

describeEachDialect("file storage", (db) => {
  let client: TestUser;
  beforeAll(async () => {
    client = await makeUser(db());
  });

  it("decides the type from the content, not the name", async () => {
    expect((await detectAllowedType(PDF, "return.pdf"))?.mime).toBe("application/pdf");
    expect((await detectAllowedType(PNG, "scan.png"))?.ext).toBe("png");
    // a PNG named .pdf is still a PNG (allowed, and stored as image/png)
    expect((await detectAllowedType(PNG, "scan.pdf"))?.mime).toBe("image/png");
  });

  it("refuses a wrong type renamed to .pdf", async () => {
    expect(await rejection(new File([EXE], "invoice.pdf"))).toBe("type_not_allowed");
    expect(await rejection(new File([HTML], "invoice.pdf"))).toBe("type_not_allowed");
    expect(await rejection(new File([Buffer.from("just words")], "notes.pdf"))).toBe("type_not_allowed");
  });

  it("accepts text only as valid UTF-8 without NUL bytes", async () => {
    expect((await checkUpload(new File([Buffer.from("Payé — 120 $\nمرحبا")], "notes.txt"))).type.mime).toBe("text/plain");
    expect(await rejection(new File([Buffer.from("abc\0def")], "notes.txt"))).toBe("type_not_allowed");
    expect(await rejection(new File([Buffer.from([0x61, 0xff, 0xfe, 0x62])], "notes.txt"))).toBe("type_not_allowed");
  });

  it("refuses empty and too large files", async () => {
    expect(await rejection(new File([], "empty.pdf"))).toBe("empty");
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect(await rejection(new File([big], "big.pdf"))).toBe("too_large");
  });

  it("keeps the rest of the form when a multipart upload is too large", async () => {
    const form = new FormData();
    form.set("details", "Keep me please");
    form.append("documents", new File([Buffer.alloc(2048, 1)], "huge.pdf", { type: "application/pdf" }));
    form.append("documents", new File([PDF], "ok.pdf", { type: "application/pdf" }));
    const request = new Request("http://localhost/x", { method: "POST", body: form });
    const { handler, rejected } = createUploadHandler(1024);
    const parsed = await unstable_parseMultipartFormData(request, handler);
    expect(parsed.get("details")).toBe("Keep me please");
    const files = parsed.getAll("documents") as File[];
    expect(files.map((file) => file.name)).toEqual(["ok.pdf"]);
    expect(rejected.map((item) => [item.problem, item.fileName])).toEqual([["too_large", "huge.pdf"]]);
  });

  it("stores files encrypted under random names outside public/, and reads them back", async () => {
    const upload = await checkUpload(new File([PDF], "../../etc/passwd.pdf"));
    expect(upload.originalName).toBe("passwd.pdf");
    const stored = await storeFile(upload, { uploadedBy: client.id, recordType: "service_order", recordId: "x" });
    const row = await db().selectFrom("storedFiles").selectAll().where("id", "=", stored.id).executeTakeFirstOrThrow();
    expect(row.storageName).toMatch(/^[0-9a-f]{32}$/);
    const onDisk = path.join(env().dataDir, "files", row.storageName.slice(0, 2), row.storageName);
    expect(onDisk.startsWith(path.resolve("public"))).toBe(false);
    const sealed = fs.readFileSync(onDisk);
    expect(sealed.includes(Buffer.from("%PDF"))).toBe(false);
    // the segmented format: a 24-byte header, then one segment with its 16-byte tag
    expect(sealed.length).toBe(segmentedSize(PDF.length));
    expect(sealed.length).toBe(24 + PDF.length + 16);
    expect((await readStoredFile(stored.id))!.content.equals(PDF)).toBe(true);

    // tampering is detected by the GCM tag
    sealed[40] = sealed[40]! ^ 0xff;
    fs.writeFileSync(onDisk, sealed);
    await expect(readStoredFile(stored.id)).rejects.toMatchObject({ name: "StorageError", status: 503 });
  });

  it("keeps display names harmless", () => {
    expect(sanitizeFileName('a"b<c>.pdf')).toBe("a_b_c_.pdf");
    expect(sanitizeFileName("C:\\Users\\me\\tax.pdf")).toBe("tax.pdf");
    expect(sanitizeFileName("")).toBe("file");
  });
});
