import net from "node:net";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { clearPublicCache } from "~/features/content/content.server";
import { seedPublicContent } from "~/features/content/seed.server";
import {
  assignContactMessage,
  createContactMessage,
  getContactMessage,
  listContactMessageReplies,
  listContactMessages,
  replyTemplateText,
  replyToContactMessage,
  setContactMessageStatus,
} from "~/features/inbox/inbox.server";
import { isAppError } from "~/lib/app-error";
import { mailDir, resetMailForTests } from "~/lib/mail.server";
import { makeUser } from "../support/factories";
import { latestMailTo } from "../support/mail";
import { describeEachDialect } from "../setup/database";

const page = { page: 1, perPage: 20 };

/** A mail server on 127.0.0.1 that greets, then refuses every recipient (a real SMTP conversation). */
async function refusingSmtpServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = net.createServer((socket) => {
    socket.write("220 refusing.test ESMTP\r\n");
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (line.startsWith("EHLO") || line.startsWith("HELO")) socket.write("250 refusing.test\r\n");
        else if (line.startsWith("MAIL FROM")) socket.write("250 OK\r\n");
        else if (line.startsWith("RCPT TO")) socket.write("550 5.1.1 No such mailbox\r\n");
        else if (line.startsWith("QUIT")) socket.end("221 Bye\r\n");
        else socket.write("503 Bad sequence\r\n");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
const mails = () => path.dirname(mailDir());

describeEachDialect("inbox replies", (db) => {
  beforeAll(async () => {
    await seedPublicContent(db());
    clearPublicCache();
  });

  async function message(locale: string, email = `sender-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`) {
    const id = await createContactMessage(
      { name: "Layla Haddad", email, subject: `Question ${Date.now()}`, message: "Can you translate my birth certificate?" },
      { language: locale, ip: null, userAgent: null, userId: null },
    );
    return { id, email };
  }

  it("sends the reply in the sender's language, keeps it in the thread and marks the message replied", async () => {
    const admin = await makeUser(db(), { role: "admin", fullName: "Sam Carter" });
    const { id, email } = await message("ar");
    const outcome = await replyToContactMessage(admin, id, { body: "نعم، يمكننا ترجمة شهادة الميلاد.\n\nأرسلي لنا نسخة منها." });
    expect(outcome.delivery).toBe("sent");

    const stored = await getContactMessage(id);
    expect(stored.status).toBe("replied");
    expect(stored.repliedAt).toBeTruthy();
    expect(stored.readAt).toBeTruthy();

    const thread = await listContactMessageReplies(id);
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ authorId: admin.id, authorName: "Sam Carter", locale: "ar", delivery: "sent", deliveryError: null });
    expect(thread[0]!.subject).toBe(`رد: ${stored.subject}`);

    const mail = latestMailTo(mails(), email)!;
    expect(mail).toBeDefined();
    expect(mail.subject).toBe(`رد: ${stored.subject}`);
    expect(mail.text).toContain("مرحبًا Layla Haddad،");
    expect(mail.text).toContain("نعم، يمكننا ترجمة شهادة الميلاد.");
    expect(mail.text).toContain('dir="rtl"');
    expect(mail.text).toContain("Sam Carter");

    // A second reply joins the thread, oldest first.
    await replyToContactMessage(admin, id, { body: "Second answer" });
    expect((await listContactMessageReplies(id)).map((reply) => reply.body)).toEqual([
      "نعم، يمكننا ترجمة شهادة الميلاد.\n\nأرسلي لنا نسخة منها.",
      "Second answer",
    ]);
    expect((await listContactMessages({ ...page, status: "replied" })).items.map((item) => item.id)).toContain(id);
  });

  it("keeps a reply the mail server refused in the thread as not delivered, and leaves the status as it was", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const { id } = await message("fr");
    const smtp = await refusingSmtpServer();
    process.env.SMTP_URL = smtp.url;
    resetEnvForTests();
    resetMailForTests();
    try {
      const outcome = await replyToContactMessage(admin, id, { body: "Bonjour" });
      expect(outcome.delivery).toBe("failed");
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
      resetMailForTests();
      await smtp.close();
    }
    const [reply] = await listContactMessageReplies(id);
    expect(reply).toMatchObject({ delivery: "failed", body: "Bonjour", locale: "fr" });
    expect(reply!.deliveryError).toMatch(/550|mailbox|recipient/i);
    const stored = await getContactMessage(id);
    expect(stored.status).toBe("new");
    expect(stored.repliedAt).toBeNull();
  });

  it("refuses an empty reply and an unknown message", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const { id } = await message("en");
    const empty = await replyToContactMessage(admin, id, { body: "  " }).catch((error: unknown) => error);
    expect(isAppError(empty) && empty.key).toBe("inbox:errors.replyRequired");
    const missing = await replyToContactMessage(admin, "no-such-id", { body: "Hi" }).catch((error: unknown) => error);
    expect(isAppError(missing) && missing.status).toBe(404);
    expect((await getContactMessage(id)).status).toBe("new");
  });

  it("starts a reply from a template in the sender's language", async () => {
    expect(await replyTemplateText({ locale: "fr", name: "Jean" }, "thanks")).toContain("Merci pour votre message, Jean.");
    expect(await replyTemplateText({ locale: "ar", name: "ليلى" }, "appointment")).toContain("ليلى");
    expect(await replyTemplateText({ locale: "xx", name: "Ann" }, "documents")).toContain("Thank you for your message, Ann.");
  });

  it("marks spam and archives, keeping the status to go back to; filters by status", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const { id } = await message("en");
    await replyToContactMessage(admin, id, { body: "Thanks" });
    await setContactMessageStatus(admin, id, "spam");
    expect((await getContactMessage(id)).status).toBe("spam");
    await setContactMessageStatus(admin, id, "archive");
    expect((await getContactMessage(id)).status).toBe("archived");
    expect((await listContactMessages({ ...page, status: "archived" })).items.map((item) => item.id)).toContain(id);
    await setContactMessageStatus(admin, id, "restore");
    expect((await getContactMessage(id)).status).toBe("replied");
    expect((await listContactMessages({ ...page, status: "spam" })).items.map((item) => item.id)).not.toContain(id);
  });

  it("assigns to someone with the inbox feature and tells them; refuses anyone else", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const assistant = await makeUser(db(), { role: "staff", features: ["inbox"] });
    const translator = await makeUser(db(), { role: "staff", features: ["translations"] });
    const client = await makeUser(db(), { role: "client" });
    const { id } = await message("en");

    await assignContactMessage(admin, id, assistant.id);
    expect((await getContactMessage(id)).assigneeId).toBe(assistant.id);
    const notice = await db()
      .selectFrom("notifications")
      .selectAll()
      .where("userId", "=", assistant.id)
      .where("type", "=", "inbox.assigned")
      .executeTakeFirst();
    expect(notice).toMatchObject({ titleKey: "inbox:notifications.assigned.title", link: `/dashboard/inbox/${id}` });
    expect((await listContactMessages({ ...page, assignee: assistant.id })).items.map((item) => item.id)).toEqual([id]);
    expect((await listContactMessages({ ...page, assignee: "none" })).items.map((item) => item.id)).not.toContain(id);

    for (const person of [translator, client]) {
      const refused = await assignContactMessage(admin, id, person.id).catch((error: unknown) => error);
      expect(isAppError(refused) && refused.key).toBe("inbox:errors.assigneeInvalid");
    }
    expect((await getContactMessage(id)).assigneeId).toBe(assistant.id);

    await assignContactMessage(admin, id, null);
    expect((await getContactMessage(id)).assigneeId).toBeNull();
    expect((await listContactMessages({ ...page, assignee: "none" })).items.map((item) => item.id)).toContain(id);
  });
});
