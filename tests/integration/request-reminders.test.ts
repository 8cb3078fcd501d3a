import { afterEach, beforeAll, expect, it, vi } from "vitest";
import "~/features/requests/jobs.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { REQUEST_REMINDER_EMAIL, sendDueRequestReminders } from "~/features/requests/reminders.server";
import { composeEmail, listEmailTemplates } from "~/features/email/templates.server";
import { acceptItem, answerItem, attachFiles } from "~/features/requests/request-items.server";
import { CreateListSchema } from "~/features/requests/requests.schema";
import { cancelList, createList, getListForClient, submitList, updateList, type Actor } from "~/features/requests/requests.server";
import { env, resetEnvForTests } from "~/lib/env.server";
import { resetMailForTests } from "~/lib/mail.server";
import { supportedLanguages } from "~/lib/i18n/config";
import { enqueueDueSchedules, runDueJobs } from "~/lib/jobs.server";
import { describeEachDialect } from "../setup/database";
import { makeUser, type TestUser } from "../support/factories";
import { readMails } from "../support/mail";
import { startSmtpServer } from "../support/smtp-server";

const asActor = (user: TestUser, features: string[] = []): Actor => ({ id: user.id, role: user.role, enabledFeatures: features });
const attachW2 = (client: TestUser, itemId: string) =>
  attachFiles(asActor(client), itemId, [
    { buffer: Buffer.from("%PDF-1.4\n% w2\n%%EOF\n"), originalName: "w2.pdf", type: { ext: "pdf", mime: "application/pdf" } },
  ]);

/** The clock stands at `iso`: each instance asks for the day's jobs, two workers run what is due. */
async function sweepAt(iso: string): Promise<void> {
  vi.setSystemTime(new Date(iso));
  await Promise.all([enqueueDueSchedules(), enqueueDueSchedules()]);
  await Promise.all([runDueJobs("instance-a"), runDueJobs("instance-b")]);
}

describeEachDialect("request reminders", (db) => {
  let staff: Actor;
  let newYork: TestUser; // UTC-4 in April
  let dubai: TestUser; // UTC+4

  const items = [
    { kind: "document", label: "W-2 from every employer" },
    { kind: "question", answerType: "number", label: "How many dependants?" },
    { kind: "confirmation", label: "I have no 1099 income", required: false },
  ];
  const newList = async (client: TestUser, over: Record<string, unknown> = {}) =>
    (await createList(staff, CreateListSchema.parse({ clientId: client.id, title: "Tax return 2097", dueDate: "2098-04-15", items, ...over }))).id;
  const remindersOf = async (listId: string) =>
    (await db().selectFrom("requestReminders").select(["number", "missingCount", "sentAt"]).where("listId", "=", listId).orderBy("number").execute()).map(
      (row) => ({
        ...row,
        sentAt: new Date(row.sentAt).toISOString(),
      }),
    );
  const notificationsOf = async (client: TestUser, listId: string) =>
    db()
      .selectFrom("notifications")
      .select(["type", "params"])
      .where("userId", "=", client.id)
      .where("type", "=", "request.reminder")
      .where("link", "=", `/client/requests/${listId}`)
      .execute();
  /** The reminders e-mailed to a client (the e-mail that sent the list aside). */
  const mailsTo = (client: TestUser) => readMails(env().dataDir).filter((mail) => mail.to.includes(client.email) && /Reminder|Rappel|تذكير/.test(mail.subject));

  beforeAll(async () => {
    await seedPublicContent(db());
    staff = asActor(await makeUser(db(), { role: "staff", features: ["requests"] }), ["requests"]);
    newYork = await makeUser(db(), { role: "client", locale: "en", timeZone: "America/New_York" });
    dubai = await makeUser(db(), { role: "client", locale: "ar", timeZone: "Asia/Dubai" });
  });
  afterEach(() => vi.useRealTimers());

  it("sends reminder n on the n-th day of the schedule at 09:00 in each client's zone, in their language, naming only what is missing, at most max", async () => {
    const nyList = await newList(newYork);
    const dubaiList = await newList(dubai);
    // Each client answers the question: only the W-2 is still missing (the optional confirmation is never named).
    for (const [client, listId] of [
      [newYork, nyList],
      [dubai, dubaiList],
    ] as const) {
      const question = (await getListForClient(client.id, listId)).items[1]!;
      await answerItem(asActor(client), question.id, "2");
    }
    vi.useFakeTimers({ toFake: ["Date"] });

    // 3 days before the due date: 08:59 in Dubai is too early; 09:00 there sends Dubai's, not yet New York's (01:00).
    await sweepAt("2098-04-12T04:59:00Z");
    expect(await remindersOf(dubaiList)).toEqual([]);
    await sweepAt("2098-04-12T05:00:00Z");
    expect(await remindersOf(dubaiList)).toEqual([{ number: 1, missingCount: 1, sentAt: "2098-04-12T05:00:00.000Z" }]);
    expect(await remindersOf(nyList)).toEqual([]);
    // One sweep per quarter hour, however many instances ask for it (keyed by the quarter hour).
    const sweeps = await db().selectFrom("jobs").select(["runAt", "status"]).where("uniqueKey", "=", "requests.reminders:2098-04-12T05:00:00.000Z").execute();
    expect(sweeps.map((job) => [new Date(job.runAt).toISOString(), job.status])).toEqual([["2098-04-12T05:00:00.000Z", "done"]]);
    const sameQuarter = await db().selectFrom("jobs").select("id").where("name", "=", "requests.reminders").execute();
    await sweepAt("2098-04-12T05:14:00Z");
    expect(await db().selectFrom("jobs").select("id").where("name", "=", "requests.reminders").execute()).toHaveLength(sameQuarter.length);
    await sweepAt("2098-04-12T12:59:00Z");
    expect(await remindersOf(nyList)).toEqual([]);
    await sweepAt("2098-04-12T13:00:00Z");
    expect(await remindersOf(nyList)).toEqual([{ number: 1, missingCount: 1, sentAt: "2098-04-12T13:00:00.000Z" }]);
    expect(await remindersOf(dubaiList)).toHaveLength(1);

    // Each in the client's language, naming the W-2 only, with a one-click link to the request.
    const [arabic] = mailsTo(dubai);
    expect(mailsTo(dubai)).toHaveLength(1);
    expect(arabic!.subject).toContain("تذكير");
    expect(arabic!.text).toContain("W-2 from every employer");
    expect(arabic!.text).not.toContain("How many dependants?");
    expect(arabic!.text).not.toContain("I have no 1099 income");
    expect(arabic!.text).toMatch(/http:\/\/localhost:3000\/r\/[A-Za-z0-9_-]{43}/);
    const [english] = mailsTo(newYork);
    expect(english!.subject).toBe('Reminder: 1 item(s) still missing for "Tax return 2097"');
    expect(english!.text).toContain("• W-2 from every employer");
    expect(english!.text).not.toContain("How many dependants?");
    expect(english!.text).toMatch(/http:\/\/localhost:3000\/r\/[A-Za-z0-9_-]{43}/);
    expect(await notificationsOf(newYork, nyList)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ items: "W-2 from every employer", count: 1 }) }),
    ]);

    // Nothing on a day off the schedule, the rest on the due day and every 7 days after, then no more (max 5).
    await sweepAt("2098-04-13T14:00:00Z");
    await sweepAt("2098-04-15T13:00:00Z");
    for (const day of ["2098-04-22", "2098-04-29", "2098-05-06", "2098-05-13", "2098-05-20"]) await sweepAt(`${day}T14:00:00Z`);
    expect((await remindersOf(nyList)).map((row) => `${row.number} ${row.sentAt.slice(0, 10)}`)).toEqual([
      "1 2098-04-12",
      "2 2098-04-15",
      "3 2098-04-22",
      "4 2098-04-29",
      "5 2098-05-06",
    ]);
    expect(await notificationsOf(newYork, nyList)).toHaveLength(5);
    expect(mailsTo(newYork)).toHaveLength(5);
    const list = await db().selectFrom("requestLists").select(["remindersSent", "lastReminderAt"]).where("id", "=", nyList).executeTakeFirstOrThrow();
    expect(list.remindersSent).toBe(5);
    expect(new Date(list.lastReminderAt!).toISOString()).toBe("2098-05-06T14:00:00.000Z");
  });

  it("is an e-mail template the firm can edit, with text in every language", async () => {
    expect(listEmailTemplates().map((template) => template.id)).toContain("requests.reminder");
    for (const language of supportedLanguages) {
      const content = await composeEmail(REQUEST_REMINDER_EMAIL, language, REQUEST_REMINDER_EMAIL.sample, "https://firm.example/client/requests/x");
      const all = [content.subject, content.heading, ...content.paragraphs, content.action?.label ?? ""].join("\n");
      expect(all, language).not.toContain("{{");
      expect(all, language).toContain("W-2 from every employer");
      expect(content.action?.label, language).toBeTruthy();
    }
  });

  it("sends none once the list is complete or cancelled, its client deactivated, or reminders are off; a smaller max stops sooner", async () => {
    const client = await makeUser(db(), { role: "client", locale: "fr", timeZone: "Europe/Paris" });
    const gone = await makeUser(db(), { role: "client", locale: "en", timeZone: "Europe/Paris" });
    const questions = [{ kind: "question", answerType: "short_text", label: "Your passport number" }];
    const due = { dueDate: "2098-06-15", items: questions };
    const complete = await newList(client, due);
    const cancelled = await newList(client, due);
    const off = await newList(client, { ...due, remindersEnabled: false });
    const short = await newList(client, { ...due, reminderSchedule: { before: [0], overdueEvery: 1, max: 2 } });
    const deactivated = await newList(gone, due);

    const item = (await getListForClient(client.id, complete)).items[0]!;
    await answerItem(asActor(client), item.id, "X1234567");
    await submitList(asActor(client), complete);
    expect((await acceptItem(staff, item.id)).listComplete).toBe(true);
    await cancelList(staff, cancelled, "No longer needed");
    await db().updateTable("users").set({ disabledAt: new Date().toISOString() }).where("id", "=", gone.id).execute();

    vi.useFakeTimers({ toFake: ["Date"] });
    for (const day of ["2098-06-12", "2098-06-15", "2098-06-16", "2098-06-17", "2098-06-22"]) await sweepAt(`${day}T08:00:00Z`); // 10:00 in Paris
    for (const listId of [complete, cancelled, off, deactivated]) expect(await remindersOf(listId), listId).toEqual([]);
    expect((await remindersOf(short)).map((row) => `${row.number} ${row.sentAt.slice(0, 10)}`)).toEqual(["1 2098-06-15", "2 2098-06-16"]);
    expect(mailsTo(gone)).toEqual([]);
    const french = mailsTo(client);
    expect(french).toHaveLength(2);
    expect(french[0]!.subject).toContain("Rappel");
    expect(french[0]!.text).toContain("Your passport number");
  });

  it("sends each reminder once when two workers sweep at the same moment", async () => {
    const client = await makeUser(db(), { role: "client", locale: "en", timeZone: "Asia/Tokyo" });
    const lists = await Promise.all([newList(client, { dueDate: "2098-08-10" }), newList(client, { dueDate: "2098-08-10" })]);
    const now = new Date("2098-08-10T00:30:00Z"); // 09:30 in Tokyo, the due day: reminder 2
    const sent = await Promise.all([sendDueRequestReminders(now), sendDueRequestReminders(now), sendDueRequestReminders(now)]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(2);
    for (const listId of lists) {
      expect((await remindersOf(listId)).map((row) => row.number)).toEqual([1]);
      expect(await notificationsOf(client, listId)).toHaveLength(1);
      expect((await db().selectFrom("requestLists").select("remindersSent").where("id", "=", listId).executeTakeFirstOrThrow()).remindersSent).toBe(1);
    }
    expect(mailsTo(client)).toHaveLength(2);
    // A later sweep the same day sends nothing more.
    expect(await sendDueRequestReminders(new Date("2098-08-10T05:00:00Z"))).toBe(0);
  });
  it("carries on when the mail server refuses one list's client: the others are reminded, the failure is logged", async () => {
    const refused = await makeUser(db(), { role: "client", locale: "en", timeZone: "UTC", email: `refused-${Date.now()}@example.com` });
    const fine = await makeUser(db(), { role: "client", locale: "en", timeZone: "UTC" });
    const lists = [await newList(refused, { dueDate: "2098-09-10" }), await newList(fine, { dueDate: "2098-09-10" })];
    const smtp = await startSmtpServer((address) => address.startsWith("refused-"));
    process.env.SMTP_URL = smtp.url;
    resetEnvForTests();
    resetMailForTests();
    try {
      // Both lists are in one sweep; the refused one is (by id) first or second: either way the other goes out.
      expect(await sendDueRequestReminders(new Date("2098-09-10T10:00:00Z"))).toBe(1);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[fine.email]]);
      expect(smtp.received[0]!.data).toContain("Reminder");
      expect((await remindersOf(lists[1]!)).map((row) => row.number)).toEqual([1]);
      // The refused client's reminder is recorded (and notified in the portal), not sent twice by the next sweeps.
      expect((await remindersOf(lists[0]!)).map((row) => row.number)).toEqual([1]);
      expect(await notificationsOf(refused, lists[0]!)).toHaveLength(1);
      expect(await sendDueRequestReminders(new Date("2098-09-10T10:15:00Z"))).toBe(0);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
      resetMailForTests();
      await smtp.close();
    }
  });

  it("follows a moved due date (its schedule afresh, up to its max), stops at completion, and never sends two a day", async () => {
    const client = await makeUser(db(), { role: "client", locale: "en", timeZone: "America/Los_Angeles" });
    const listId = await newList(client, { dueDate: "2098-10-10", reminderSchedule: { before: [-3, 0], overdueEvery: 1, max: 3 } });
    vi.useFakeTimers({ toFake: ["Date"] });
    await sweepAt("2098-10-07T16:00:00Z"); // 09:00 in Los Angeles: reminder 1 (3 days before)
    await sweepAt("2098-10-07T16:15:00Z");
    await sweepAt("2098-10-08T06:30:00Z"); // 23:30 the same day there
    expect((await remindersOf(listId)).map((row) => `${row.number} ${row.sentAt}`)).toEqual(["1 2098-10-07T16:00:00.000Z"]);

    // Staff move the due date a month on: the old days send nothing; the new date's send its own, up to max again.
    vi.useRealTimers();
    await updateList(staff, listId, { dueDate: "2098-11-10" });
    vi.useFakeTimers({ toFake: ["Date"] });
    await sweepAt("2098-10-10T17:00:00Z");
    await sweepAt("2098-10-11T17:00:00Z");
    expect(await remindersOf(listId)).toHaveLength(1);
    await sweepAt("2098-11-07T17:00:00Z");
    await sweepAt("2098-11-10T17:00:00Z");
    expect((await remindersOf(listId)).map((row) => `${row.number} ${row.sentAt.slice(0, 10)}`)).toEqual(["1 2098-10-07", "2 2098-11-07", "3 2098-11-10"]);

    // Complete: the overdue reminder of the next day is not sent.
    vi.useRealTimers();
    const list = await getListForClient(client.id, listId);
    await answerItem(asActor(client), list.items[1]!.id, "1");
    await attachW2(client, list.items[0]!.id);
    for (const item of list.items.slice(0, 2)) await acceptItem(staff, item.id);
    expect((await getListForClient(client.id, listId)).status).toBe("complete");
    vi.useFakeTimers({ toFake: ["Date"] });
    await sweepAt("2098-11-11T17:00:00Z");
    expect(await remindersOf(listId)).toHaveLength(3);
  });
});
