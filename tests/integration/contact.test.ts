import fs from "node:fs";
import { parseWithZod } from "@conform-to/zod";
import { beforeAll, expect, it } from "vitest";
import { clearPublicCache } from "~/features/content/content.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { ContactSchema } from "~/features/inbox/inbox.schema";
import {
  createContactMessage,
  getContactMessage,
  listContactMessages,
  markContactMessageRead,
  setContactMessageArchived,
  submitContactMessage,
} from "~/features/inbox/inbox.server";
import { isAppError } from "~/lib/app-error";
import { toJson } from "~/lib/db/connection.server";
import { sendLocalizedEmail } from "~/features/email/email.server";
import { mailDir } from "~/lib/mail.server";
import { describeEachDialect } from "../setup/database";

const INBOX_PAGE_SIZE = 20;
const page = (number: number) => ({ page: number, perPage: INBOX_PAGE_SIZE });

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

it("asks for every field with one message, and checks the e-mail address", () => {
  const empty = parseWithZod(form({ name: "", email: "", subject: " ", message: "" }), { schema: ContactSchema });
  expect(empty.status).toBe("error");
  const emptyErrors = empty.status === "error" ? empty.error : {};
  expect(emptyErrors?.[""]).toEqual(["public:contact.errors.required"]);
  expect(Object.keys(emptyErrors ?? {}).sort()).toEqual(["", "email", "message", "name", "subject"]);

  const badEmail = parseWithZod(form({ name: "Ann", email: "ann@", subject: "Hi", message: "Hello" }), { schema: ContactSchema });
  expect(badEmail.status === "error" ? badEmail.error : null).toEqual({ email: ["public:contact.errors.email"] });

  const good = parseWithZod(form({ name: " Ann ", email: "ann@example.com", subject: "Hi", message: "Hello" }), { schema: ContactSchema });
  expect(good.status === "success" ? good.value : null).toEqual({ name: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello" });
});

describeEachDialect("contact messages", (db) => {
  beforeAll(async () => {
    await seedPublicContent(db());
    clearPublicCache();
  });

  it("stores the message for the inbox and e-mails the firm", async () => {
    const subject = `Question ${Date.now()}`;
    const id = await submitContactMessage(
      { name: "Acme LLC", email: "owner@acme.example", subject, message: "Do you prepare S corporation returns?" },
      { language: "fr", ip: "10.1.2.3", userAgent: "test", userId: null },
    );
    const row = await db().selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Acme LLC", email: "owner@acme.example", subject, status: "new", locale: "fr", ip: "10.1.2.3", readAt: null });

    const files = fs.readdirSync(mailDir()).map((file) => fs.readFileSync(`${mailDir()}/${file}`, "utf8"));
    const mail = files.find((text) => text.includes(subject));
    expect(mail).toBeDefined();
    expect(mail).toContain("To: hello@example.com");
    expect(mail).toContain("Reply-To: owner@acme.example");
  });

  it("signs e-mails with the firm's current name: a content change reaches the next message", async () => {
    const section = () => db().selectFrom("contentSections").select("data").where("key", "=", "firm").where("locale", "=", "*");
    const original = (await section().executeTakeFirstOrThrow()).data as Record<string, unknown>;
    const send = async (subject: string) => {
      await sendLocalizedEmail({
        to: "someone@example.com",
        language: "en",
        namespaces: "common",
        build: () => ({ subject, heading: "Hello", paragraphs: ["Body"] }),
      });
      return fs
        .readdirSync(mailDir())
        .map((file) => fs.readFileSync(`${mailDir()}/${file}`, "utf8"))
        .find((text) => text.includes(subject))!;
    };
    try {
      const before = await send(`Before ${Date.now()}`);
      expect(before).toContain(String(original.name));
      expect(before).not.toContain("Renamed Firm LLC");
      await db()
        .updateTable("contentSections")
        .set({ data: toJson({ ...original, name: "Renamed Firm LLC" }) })
        .where("key", "=", "firm")
        .where("locale", "=", "*")
        .execute();
      clearPublicCache();
      expect(await send(`After ${Date.now()}`)).toContain("Renamed Firm LLC");
    } finally {
      await db()
        .updateTable("contentSections")
        .set({ data: toJson(original) })
        .where("key", "=", "firm")
        .where("locale", "=", "*")
        .execute();
      clearPublicCache();
    }
  });

  it("lists the inbox newest first by page and status; opening marks read; archiving moves a message", async () => {
    await db().deleteFrom("contactMessages").execute();
    const ids: string[] = [];
    for (let index = 0; index < INBOX_PAGE_SIZE + 3; index += 1) {
      ids.push(
        await createContactMessage(
          { name: `Sender ${index}`, email: `s${index}@example.com`, subject: `Subject ${index}`, message: "Hello" },
          { language: "en", ip: null, userAgent: null, userId: null },
        ),
      );
      await db()
        .updateTable("contactMessages")
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() })
        .where("id", "=", ids[index]!)
        .execute();
    }
    const first = await listContactMessages(page(1));
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: INBOX_PAGE_SIZE + 3 });
    expect(first.items).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.items[0]!.subject).toBe(`Subject ${INBOX_PAGE_SIZE + 2}`);
    expect((await listContactMessages(page(2))).items.map((message) => message.subject)).toEqual(["Subject 2", "Subject 1", "Subject 0"]);

    // Reading changes nothing (a GET is safe); the page's POST marks it read.
    expect((await getContactMessage(ids[0]!)).status).toBe("new");
    expect((await getContactMessage(ids[0]!)).status).toBe("new");
    await markContactMessageRead(ids[0]!);
    const opened = await getContactMessage(ids[0]!);
    expect(opened.status).toBe("read");
    expect(opened.readAt).toBeTruthy();
    const missing = await getContactMessage("no-such-id").catch((error: unknown) => error);
    expect(isAppError(missing) && missing.status).toBe(404);
    await setContactMessageArchived(ids[1]!, true);
    const notArchived = await setContactMessageArchived("no-such-id", true).catch((error: unknown) => error);
    expect(isAppError(notArchived) && notArchived.key).toBe("inbox:errors.notFound");

    expect((await listContactMessages({ ...page(1), status: "read" })).items.map((message) => message.id)).toEqual([ids[0]]);
    expect((await listContactMessages({ ...page(1), status: "archived" })).items.map((message) => message.id)).toEqual([ids[1]]);
    expect((await listContactMessages({ ...page(1), status: "new" })).total).toBe(INBOX_PAGE_SIZE + 1);
    // Marking an archived message read leaves it archived.
    await markContactMessageRead(ids[1]!);
    expect((await getContactMessage(ids[1]!)).status).toBe("archived");
  });

  it("e-mails the firm the sender's message with its line breaks (text as written, HTML with <br>, escaped)", async () => {
    const subject = `Lines ${Date.now()}`;
    await submitContactMessage(
      { name: "Ann", email: "ann@example.com", subject, message: "First line\nSecond <line>\n\nThird" },
      { language: "en", ip: null, userAgent: null, userId: null },
    );
    const mail = fs
      .readdirSync(mailDir())
      .map((file) => fs.readFileSync(`${mailDir()}/${file}`, "utf8"))
      .find((text) => text.includes(subject))!;
    const decoded = decodeMail(mail);
    expect(decoded).toContain("First line\nSecond <line>\n\nThird");
    expect(decoded).toContain("First line<br>Second &lt;line&gt;<br><br>Third");
  });
});

/** The text of a stored .eml with its quoted-printable soft breaks and escapes undone. */
function decodeMail(raw: string): string {
  const text = raw.replace(/\r\n/g, "\n").replace(/=\n/g, "");
  return Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}
