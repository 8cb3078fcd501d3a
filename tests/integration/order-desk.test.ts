import { beforeAll, expect, it, vi } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder, getOrder } from "~/features/service-orders/service-orders.server";
import { listClientTranslationFiles, listOrderTranslationFiles, sendOrderDocumentToDesk } from "~/features/translations/translations.server";
import { readStoredFile } from "~/lib/storage.server";
import { describeEachDialect } from "../setup/database";
import { makeCast, makeUser, type Cast } from "../support/factories";

/**
 * "Send to the translation desk" from an order's document: a desk file linked to the order and
 * its client, made from a copy of the document; once per document however often it is pressed;
 * only by desk users, only for a document of that order.
 */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const pdf = (name: string, extra = "") => ({
  buffer: Buffer.concat([PDF, Buffer.from(extra)]),
  originalName: name,
  type: { ext: "pdf", mime: "application/pdf" },
});

describeEachDialect("orders and the translation desk", (db) => {
  let cast: Cast;
  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
  });

  async function orderWithDocument(name: string) {
    const { id } = await createOrder(cast.clientA, { service: "translation", details: "Translate my birth certificate." }, [pdf(name, name)], "en");
    const order = await getOrder(cast.admin, id, "en");
    return { orderId: id, documentId: order.files[0]!.id };
  }

  it("makes one desk file from a copy of the document, linked to the order and its client, however often it is pressed", async () => {
    const { orderId, documentId } = await orderWithDocument("birth.pdf");
    const input = { orderId, documentId, sourceLanguage: "ar", targetLanguage: "en" } as const;
    const sends = await Promise.all([
      sendOrderDocumentToDesk(cast.admin, input),
      sendOrderDocumentToDesk(cast.admin, input),
      sendOrderDocumentToDesk(cast.admin, input),
    ]);
    expect(new Set(sends.map((send) => send.id)).size).toBe(1);
    expect(sends.filter((send) => send.created)).toHaveLength(1);
    expect(await sendOrderDocumentToDesk(cast.admin, input)).toEqual({ id: sends[0]!.id, created: false });

    const files = await listOrderTranslationFiles(cast.admin, orderId);
    expect(files).toEqual([
      expect.objectContaining({ id: sends[0]!.id, originalName: "birth.pdf", sourceLanguage: "ar", targetLanguage: "en", status: "pending" }),
    ]);
    expect(await listClientTranslationFiles(cast.clientA.id, orderId)).toHaveLength(1);
    const row = await db().selectFrom("translationFiles").select(["clientId", "originalFileId"]).where("id", "=", sends[0]!.id).executeTakeFirstOrThrow();
    expect(row.clientId).toBe(cast.clientA.id);
    // A copy: the order keeps its own document, the desk file has its own stored file with the same bytes.
    expect(row.originalFileId).not.toBe(documentId);
    expect((await readStoredFile(row.originalFileId))!.content.equals((await readStoredFile(documentId))!.content)).toBe(true);
    const audit = await db()
      .selectFrom("auditLog")
      .select(["action", "targetId"])
      .where("action", "=", "order.sent_to_desk")
      .where("targetId", "=", orderId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("makes one desk file when two servers send the same document at the same moment", async () => {
    const { orderId, documentId } = await orderWithDocument("passport.pdf");
    // A second server: its own copy of the modules (nothing shared in memory), the same database.
    vi.resetModules();
    const [other, otherDb] = await Promise.all([import("~/features/translations/translations.server"), import("~/lib/db/db.server")]);
    otherDb.setDb(db());
    const input = { orderId, documentId, sourceLanguage: "ar", targetLanguage: "en" } as const;
    const sends = await Promise.all([sendOrderDocumentToDesk(cast.admin, input), other.sendOrderDocumentToDesk(cast.admin, input)]);
    expect(sends[0]!.id).toBe(sends[1]!.id);
    expect(sends.filter((send) => send.created)).toHaveLength(1);
    expect(await listOrderTranslationFiles(cast.admin, orderId)).toHaveLength(1);
    // The refused send's copy of the bytes is not left behind.
    const copies = await db()
      .selectFrom("storedFiles")
      .select("id")
      .where("recordType", "=", "translation")
      .where("originalName", "=", "passport.pdf")
      .execute();
    expect(copies).toHaveLength(1);
  });

  it("refuses a client, someone without the desk and a document of another order", async () => {
    const first = await orderWithDocument("first.pdf");
    const second = await orderWithDocument("second.pdf");
    const input = { ...first, sourceLanguage: "en", targetLanguage: "ar" } as const;
    const assistant = await makeUser(db(), { role: "staff", features: ["inbox"] });
    await expect(sendOrderDocumentToDesk(cast.clientA, input)).rejects.toMatchObject({ status: 403 });
    await expect(sendOrderDocumentToDesk(assistant, input)).rejects.toMatchObject({ status: 403 });
    await expect(sendOrderDocumentToDesk(cast.admin, { ...input, documentId: second.documentId })).rejects.toMatchObject({
      status: 404,
      key: "orders:errors.documentNotFound",
    });
    expect(await listOrderTranslationFiles(cast.admin, first.orderId)).toEqual([]);
  });
});
