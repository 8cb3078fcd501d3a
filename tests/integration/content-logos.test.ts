import { beforeAll, expect, it } from "vitest";
import { clearPublicCache, listLogos, LOGO_RECORD_TYPE } from "~/features/content/content.server";
import { logoImageSrc } from "~/features/content/content";
import { newId } from "~/lib/ids.server";
import { storeFile, type StoredFile } from "~/lib/storage.server";
import { loader } from "~/routes/resources+/logos.$fileId";
import { describeEachDialect } from "../setup/database";

// A real 1×1 PNG, and the smallest PDF.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

async function fetchLogo(fileId: string): Promise<Response> {
  try {
    return await loader({ params: { fileId }, request: new Request(`http://localhost${logoImageSrc(fileId)}`), context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describeEachDialect("client logos", (db) => {
  async function logoWith(
    content: Buffer,
    mime: string,
    options: { published?: boolean; recordType?: string } = {},
  ): Promise<{ id: string; file: StoredFile }> {
    const id = newId();
    const file = await storeFile(
      { buffer: content, originalName: "logo", type: { ext: mime.split("/")[1]!, mime } },
      { uploadedBy: null, recordType: options.recordType ?? LOGO_RECORD_TYPE, recordId: id },
    );
    await db()
      .insertInto("logos")
      .values({ id, name: `Client ${id.slice(0, 6)}`, fileId: file.id, width: 120, height: 40, published: options.published ?? true, sortOrder: 1 })
      .execute();
    return { id, file };
  }

  let published: { id: string; file: StoredFile };
  beforeAll(async () => {
    published = await logoWith(PNG, "image/png");
  });

  it("lists published logos with their image and size", async () => {
    clearPublicCache();
    const logo = (await listLogos()).find((item) => item.id === published.id);
    expect(logo).toMatchObject({ fileId: published.file.id, width: 120, height: 40 });
  });

  it("serves a published logo's image to anyone, cached for good", async () => {
    const response = await fetchLogo(published.file.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("answers 404 for an unpublished logo, another record's file, a logo that is not an image, and unknown ids", async () => {
    const hidden = await logoWith(PNG, "image/png", { published: false });
    expect((await fetchLogo(hidden.file.id)).status).toBe(404);

    // An order's document named as a logo's file stays private.
    const orderFile = await logoWith(PDF, "application/pdf", { recordType: "service_order" });
    expect((await fetchLogo(orderFile.file.id)).status).toBe(404);
    const pdfLogo = await logoWith(PDF, "application/pdf");
    expect((await fetchLogo(pdfLogo.file.id)).status).toBe(404);

    expect((await fetchLogo(newId())).status).toBe(404);
    expect((await fetchLogo("../../app.db")).status).toBe(404);
  });
});
