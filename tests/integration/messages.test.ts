import type { Server as SocketServer } from "socket.io";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { createContactMessage } from "~/features/inbox/index.server";
import {
  assignThread,
  createSavedReply,
  deleteMessagesOfClient,
  deleteSavedReply,
  editMessage,
  findThreadFor,
  getThread,
  listMessageRecordsOfClient,
  listSavedReplies,
  listThreadsForClient,
  listThreadsForStaff,
  markThreadRead,
  moveContactMessageToClient,
  postMessage,
  removeMessage,
  setThreadState,
  unreadThreadCount,
  type MessageViewer,
} from "~/features/messages/index.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import { env } from "~/lib/env.server";
import * as fileRoute from "~/routes/resources+/files.$id";
import { runDueJobs } from "~/lib/jobs.server";
import { setRealtimeServer } from "~/lib/realtime.server";
import type { CheckedUpload } from "~/lib/storage.server";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";
import { readMails } from "../support/mail";

const viewer = (user: TestUser, features: string[] = []): MessageViewer => ({ id: user.id, role: user.role, enabledFeatures: features, locale: user.locale });
const pdf = (name: string, text = name): CheckedUpload => ({
  buffer: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`),
  originalName: name,
  type: { ext: "pdf", mime: "application/pdf" },
});
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status ?? 500,
  );

/** A download through the one route every stored file leaves by. */
const download = (person: TestUser, fileId: string) => call(fileRoute.loader, { path: `/resources/files/${fileId}`, as: person, params: { id: fileId } });

const contactContext = { language: "en", ip: null, userAgent: null, userId: null };

/** Every live event the app emits, by room, through a stand-in for the Socket.IO server. */
type Emitted = { room: string; event: string; payload: unknown };
const emitted: Emitted[] = [];
const fakeIo = {
  to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }),
} as unknown as SocketServer;

describeEachDialect("secure messages", (db) => {
  let cast: Cast;
  let staffOn: TestUser;
  let staffOff: TestUser;
  let orderA: string;
  let orderB: string;
  let A: MessageViewer;
  let B: MessageViewer;
  let on: MessageViewer;
  let off: MessageViewer;
  let admin: MessageViewer;

  const mailsTo = (user: TestUser) => readMails(env().dataDir).filter((mail) => mail.to.includes(user.email));

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    staffOn = await makeUser(db(), { role: "staff", features: ["messages", "inbox"] });
    staffOff = await makeUser(db(), { role: "staff", features: ["requests", "inbox"] });
    A = viewer(cast.clientA);
    B = viewer(cast.clientB);
    on = viewer(staffOn, ["messages", "inbox"]);
    off = viewer(staffOff, ["requests", "inbox"]);
    admin = viewer(cast.admin);
    ({ id: orderA } = await createOrder(cast.clientA, { service: "translation", details: "Translate my diploma, two pages." }, [], "en"));
    ({ id: orderB } = await createOrder(cast.clientB, { service: "translation", details: "Translate my birth certificate." }, [], "en"));
    setRealtimeServer(fakeIo);
  });
  afterAll(() => setRealtimeServer(undefined));
  beforeEach(() => {
    emitted.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("rights: client A reaches only their threads, client B and staff without the feature never see them (404, no existence revealed)", async () => {
    const general = await postMessage(A, { clientId: A.id, orderId: null }, { body: "Hello, a question about my file." });
    const onOrder = await postMessage(A, { clientId: A.id, orderId: orderA }, { body: "About the diploma", files: [pdf("diploma.pdf")] });
    expect(onOrder.threadId).not.toBe(general.threadId);
    // The same target joins the same thread.
    expect((await postMessage(A, { clientId: A.id, orderId: orderA }, { body: "One more thing" })).threadId).toBe(onOrder.threadId);
    expect(await findThreadFor(A, { clientId: A.id, orderId: orderA })).toBe(onOrder.threadId);

    const mine = await listThreadsForClient(A);
    expect(mine.items.map((thread) => thread.id).sort()).toEqual([general.threadId, onOrder.threadId].sort());
    const thread = await getThread(A, onOrder.threadId);
    expect(thread).toMatchObject({ clientId: A.id, orderId: orderA, state: "open", order: { id: orderA }, client: { id: A.id } });
    expect(thread!.messages.map((message) => message.body)).toEqual(["About the diploma", "One more thing"]);
    const attachment = thread!.messages[0]!.attachments[0]!;
    expect(attachment).toMatchObject({ fileName: "diploma.pdf", mime: "application/pdf" });

    // Client B: nothing of A's, by any door.
    expect(await getThread(B, onOrder.threadId)).toBeNull();
    expect((await listThreadsForClient(B)).items).toEqual([]);
    expect(await findThreadFor(B, { clientId: A.id, orderId: orderA })).toBeNull();
    expect(await status(postMessage(B, { threadId: onOrder.threadId }, { body: "Let me in" }))).toBe(404);
    expect(await status(postMessage(B, { clientId: A.id, orderId: null }, { body: "Let me in" }))).toBe(404);
    expect(await status(postMessage(B, { clientId: B.id, orderId: orderA }, { body: "On A's order" }))).toBe(400);
    expect(await status(markThreadRead(B, onOrder.threadId))).toBe(404);
    expect(await status(editMessage(B, onOrder.messageId, "changed"))).toBe(404);
    expect((await download(cast.clientB, attachment.id)).status).toBe(404);
    expect(await status(listThreadsForStaff(B))).toBe(403);

    // Staff without the feature: a 404 for the thread, a 403 for the firm's list, no badge.
    expect(await getThread(off, onOrder.threadId)).toBeNull();
    expect(await status(listThreadsForStaff(off))).toBe(403);
    expect(await status(postMessage(off, { threadId: onOrder.threadId }, { body: "Hi" }))).toBe(404);
    expect(await status(postMessage(off, { clientId: A.id, orderId: null }, { body: "Hi" }))).toBe(403);
    expect(await status(assignThread(off, onOrder.threadId, staffOff.id))).toBe(404);
    expect(await status(setThreadState(off, onOrder.threadId, "closed"))).toBe(404);
    expect(await unreadThreadCount(off)).toBe(0);
    expect((await download(staffOff, attachment.id)).status).toBe(404);
    expect(await status(listSavedReplies(off))).toBe(403);

    // Staff with the feature and admins see every thread; the download is audited, and so is a refused one.
    expect((await getThread(on, onOrder.threadId))!.messages).toHaveLength(2);
    expect((await getThread(admin, general.threadId))!.messages).toHaveLength(1);
    const file = await download(cast.clientA, attachment.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="diploma\.pdf"/);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toContain("diploma.pdf");
    expect((await download(staffOn, attachment.id)).status).toBe(200);
    const audited = await db().selectFrom("auditLog").select(["actorId", "action"]).where("targetId", "=", attachment.id).orderBy("createdAt").execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { actorId: B.id, action: "file.download_denied" },
        { actorId: off.id, action: "file.download_denied" },
        { actorId: A.id, action: "file.downloaded" },
      ]),
    );

    // Bad input is refused with the field named, never stored.
    expect(await status(postMessage(A, { threadId: general.threadId }, { body: "   " }))).toBe(400);
    expect(await status(postMessage(A, { threadId: general.threadId }, { body: "x".repeat(10_001) }))).toBe(400);
    const eleven = Array.from({ length: 11 }, (_, index) => pdf(`f${index}.pdf`));
    expect(await status(postMessage(A, { threadId: general.threadId }, { body: "", files: eleven }))).toBe(400);

    // Client B's own order thread is theirs alone.
    const ofB = await postMessage(B, { clientId: B.id, orderId: orderB }, { body: "About my certificate" });
    expect((await listThreadsForClient(B)).items.map((thread) => thread.id)).toEqual([ofB.threadId]);
    expect(await getThread(A, ofB.threadId)).toBeNull();
  });

  it("internal notes stay with staff: the client's page, list, preview, unread mark, socket, e-mail and export never carry one", async () => {
    const client = await makeUser(db(), { role: "client", locale: "en" });
    const me = viewer(client);
    const { threadId } = await postMessage(me, { clientId: client.id, orderId: null }, { body: "Can you check my W-2?" });
    await markThreadRead(on, threadId);
    emitted.length = 0;
    await postMessage(on, { threadId }, { body: "SECRET NOTE: the W-2 looks forged", internal: true, files: [pdf("w2-marked-up.pdf")] });

    const seen = await getThread(me, threadId);
    expect(seen!.messages.map((message) => message.body)).toEqual(["Can you check my W-2?"]);
    expect(seen!.messages.every((message) => !message.internal)).toBe(true);
    const listed = (await listThreadsForClient(me)).items.find((thread) => thread.id === threadId)!;
    expect(listed.lastMessagePreview).toBe("Can you check my W-2?");
    expect(listed.unread).toBe(false);
    expect(await unreadThreadCount(me)).toBe(0);
    const staffView = await getThread(on, threadId);
    expect(staffView!.messages.at(-1)).toMatchObject({ internal: true, body: "SECRET NOTE: the W-2 looks forged" });
    // A client may not write one, nor read or edit one by its id.
    expect(await status(postMessage(me, { threadId }, { body: "note", internal: true }))).toBe(403);
    const noteId = staffView!.messages.at(-1)!.id;
    expect(await status(editMessage(me, noteId, "x"))).toBe(404);
    // Nor download the note's attachment, though staff can.
    const noteFile = staffView!.messages.at(-1)!.attachments[0]!.id;
    expect((await download(client, noteFile)).status).toBe(404);
    expect((await download(staffOn, noteFile)).status).toBe(200);

    // The socket: the note's event reaches staff only, and carries the thread's id alone.
    expect(emitted.length).toBeGreaterThan(0);
    expect(emitted.some((event) => event.room === `user:${client.id}`)).toBe(false);
    expect(emitted.every((event) => JSON.stringify(event.payload) === JSON.stringify({ threadId }))).toBe(true);
    expect(emitted.some((event) => event.room === `user:${staffOn.id}` && event.event === "message:new")).toBe(true);
    expect(emitted.some((event) => event.room === `user:${staffOff.id}`)).toBe(false);

    // A public reply reaches the client's room too, still with the id only.
    emitted.length = 0;
    await postMessage(on, { threadId }, { body: "We are looking into it." });
    expect(emitted.filter((event) => event.room === `user:${client.id}`)).toEqual([{ room: `user:${client.id}`, event: "message:new", payload: { threadId } }]);

    // A thread the firm opened with a note alone is not the client's to see yet.
    const other = await makeUser(db(), { role: "client" });
    const noteOnly = await postMessage(on, { clientId: other.id, orderId: null }, { body: "Call them first", internal: true });
    expect(await getThread(viewer(other), noteOnly.threadId)).toBeNull();
    expect((await listThreadsForClient(viewer(other))).items).toEqual([]);
    // …and the client writing meanwhile joins that thread rather than failing.
    expect((await postMessage(viewer(other), { clientId: other.id, orderId: null }, { body: "Hello?" })).threadId).toBe(noteOnly.threadId);
    expect((await getThread(viewer(other), noteOnly.threadId))!.messages.map((message) => message.body)).toEqual(["Hello?"]);

    // The e-mail: ten minutes on, the client is told of the reply, without its text, never of the note.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    await runDueJobs("instance-a");
    const mails = mailsTo(client);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain("looking into it");
    expect(mails[0]!.text).not.toContain("SECRET");
    expect(mails[0]!.text).toContain(`http://localhost:3000/client/messages/${threadId}`);

    // The client's export: public messages only.
    const records = await listMessageRecordsOfClient(client.id);
    const bodies = records.flatMap((record) => record.messages.map((message) => message.body));
    expect(bodies).toEqual(["Can you check my W-2?", "We are looking into it."]);
  });

  it("unread marks and counts follow each reader: a client's message is unread for staff, a reply for the client, one's own never", async () => {
    const client = await makeUser(db(), { role: "client" });
    const me = viewer(client);
    const baseline = await unreadThreadCount(on);
    const { threadId } = await postMessage(me, { clientId: client.id, orderId: null }, { body: "First" });
    expect(await unreadThreadCount(me)).toBe(0);
    expect((await getThread(me, threadId))!.unread).toBe(false);
    expect(await unreadThreadCount(on)).toBe(baseline + 1);
    expect((await listThreadsForStaff(on, { view: "unread" })).items.map((thread) => thread.id)).toContain(threadId);
    expect((await getThread(on, threadId))!.unread).toBe(true);

    await markThreadRead(on, threadId);
    expect(await unreadThreadCount(on)).toBe(baseline);
    expect((await listThreadsForStaff(on, { view: "unread" })).items.map((thread) => thread.id)).not.toContain(threadId);
    // Another staff member's mark is their own.
    expect((await getThread(admin, threadId))!.unread).toBe(true);

    await postMessage(on, { threadId }, { body: "Reply" });
    expect((await getThread(on, threadId))!).toMatchObject({ unread: false, state: "waiting" });
    expect(await unreadThreadCount(me)).toBe(1);
    expect((await listThreadsForClient(me)).items[0]).toMatchObject({ id: threadId, unread: true, lastMessagePreview: "Reply" });
    await markThreadRead(me, threadId);
    expect(await unreadThreadCount(me)).toBe(0);

    // The client's new message reopens a closed thread; the badge counts threads assigned to the reader or to nobody.
    await setThreadState(on, threadId, "closed");
    expect((await listThreadsForStaff(on, { view: "closed" })).items.map((thread) => thread.id)).toContain(threadId);
    await assignThread(on, threadId, cast.admin.id);
    await postMessage(me, { threadId }, { body: "Still there?" });
    expect((await getThread(on, threadId))!.state).toBe("open");
    expect(await unreadThreadCount(on)).toBe(baseline);
    expect(await unreadThreadCount(admin)).toBeGreaterThan(0);
    expect((await listThreadsForStaff(on, { view: "mine" })).items.map((thread) => thread.id)).not.toContain(threadId);
    expect((await listThreadsForStaff(admin, { view: "mine" })).items.map((thread) => thread.id)).toContain(threadId);
    expect((await listThreadsForStaff(on, { view: "unread" })).items.map((thread) => thread.id)).toContain(threadId);
    await assignThread(on, threadId, null);
    expect(await unreadThreadCount(on)).toBe(baseline + 1);
    expect(await status(assignThread(on, threadId, staffOff.id))).toBe(400);

    // Search by the client's name and by a message's text.
    expect((await listThreadsForStaff(on, { q: client.fullName })).items.map((thread) => thread.id)).toEqual([threadId]);
    expect((await listThreadsForStaff(on, { q: "still THERE" })).items.map((thread) => thread.id)).toEqual([threadId]);
  });

  it("edits within 5 minutes by the author only; staff removal leaves 'message removed' and an audit entry; a client never removes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2099-01-10T10:00:00Z"));
    const client = await makeUser(db(), { role: "client" });
    const me = viewer(client);
    const { threadId, messageId } = await postMessage(me, { clientId: client.id, orderId: null }, { body: "Typo hre", files: [pdf("a.pdf")] });
    expect((await getThread(me, threadId))!.messages[0]!.editableUntil).toBe("2099-01-10T10:05:00.000Z");
    expect(await status(editMessage(on, messageId, "staff edit"))).toBe(403);
    vi.setSystemTime(new Date("2099-01-10T10:04:00Z"));
    await editMessage(me, messageId, "Typo here");
    expect((await getThread(on, threadId))!.messages[0]).toMatchObject({ body: "Typo here", editedAt: "2099-01-10T10:04:00.000Z" });
    vi.setSystemTime(new Date("2099-01-10T10:05:01Z"));
    expect(await status(editMessage(me, messageId, "Too late"))).toBe(409);
    expect((await getThread(me, threadId))!.messages[0]!.editableUntil).toBeNull();

    expect(await status(removeMessage(me, messageId))).toBe(403);
    const attachmentId = (await getThread(me, threadId))!.messages[0]!.attachments[0]!.id;
    await removeMessage(on, messageId);
    const after = (await getThread(me, threadId))!.messages[0]!;
    expect(after).toMatchObject({ removed: true, body: "", attachments: [] });
    expect((await listThreadsForClient(me)).items[0]).toMatchObject({ lastMessagePreview: "", lastMessageRemoved: true });
    // Sessions are checked against the real clock (the fake one is past their expiry).
    vi.useRealTimers();
    expect((await download(staffOn, attachmentId)).status).toBe(404);
    expect((await download(cast.admin, attachmentId)).status).toBe(404);
    const entry = await db().selectFrom("auditLog").select(["actorId", "action", "meta"]).where("targetId", "=", messageId).executeTakeFirst();
    expect(entry).toMatchObject({ actorId: staffOn.id, action: "message.removed" });
    expect(JSON.stringify(entry!.meta)).not.toContain("Typo");
  });

  it("the digest over a fake clock: one e-mail for several messages, none when read in time, once with two workers", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2099-03-01T09:00:00Z").getTime();
    const at = (minutes: number) => vi.setSystemTime(new Date(start + minutes * 60_000));
    const twoWorkers = () => Promise.all([runDueJobs("instance-a"), runDueJobs("instance-b")]);

    // Several replies within ten minutes: one e-mail, ten minutes after the first, in the client's language.
    const arabic = await makeUser(db(), { role: "client", locale: "ar" });
    at(0);
    const { threadId } = await postMessage(on, { clientId: arabic.id, orderId: null }, { body: "Your tax return is ready for review." });
    at(3);
    await postMessage(on, { threadId }, { body: "Please also sign form 8879." });
    at(6);
    // Two instances ask for the same digest: the queue keeps one job.
    await postMessage(on, { threadId }, { body: "And bring your ID." });
    at(9);
    await twoWorkers();
    expect(mailsTo(arabic)).toHaveLength(0);
    at(10);
    await twoWorkers();
    at(17);
    await twoWorkers();
    const mails = mailsTo(arabic);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("لديك رسالة آمنة جديدة");
    for (const text of ["tax return", "8879", "ID"]) expect(mails[0]!.text).not.toContain(text);
    expect(mails[0]!.text).toContain(`/client/messages/${threadId}`);
    expect(
      await db()
        .selectFrom("jobs")
        .select("id")
        .where("name", "=", "messages.digest")
        .where("uniqueKey", "like", `messages.digest:${threadId}:${arabic.id}:%`)
        .execute(),
    ).toHaveLength(1);

    // Read in time: nothing goes.
    const reader = await makeUser(db(), { role: "client" });
    at(30);
    const read = await postMessage(on, { clientId: reader.id, orderId: null }, { body: "A question for you." });
    at(35);
    await markThreadRead(viewer(reader), read.threadId);
    at(41);
    await twoWorkers();
    expect(mailsTo(reader)).toHaveLength(0);
    // Once read, the next message is e-mailed again if left unread.
    at(50);
    await postMessage(on, { threadId: read.threadId }, { body: "Another question." });
    at(61);
    await twoWorkers();
    expect(mailsTo(reader)).toHaveLength(1);

    // A client's message: e-mailed to every staff member with `messages` when nobody is assigned (never to the author
    // nor to staff without the feature), to the assignee alone otherwise; internal notes e-mail nobody.
    const writer = await makeUser(db(), { role: "client" });
    at(70);
    const asked = await postMessage(viewer(writer), { clientId: writer.id, orderId: null }, { body: "Client question" });
    at(81);
    await twoWorkers();
    expect(mailsTo(staffOn).filter((mail) => mail.text.includes(asked.threadId))).toHaveLength(1);
    expect(mailsTo(cast.owner).filter((mail) => mail.text.includes(asked.threadId))).toHaveLength(1);
    expect(mailsTo(staffOff).filter((mail) => mail.text.includes(asked.threadId))).toHaveLength(0);
    expect(mailsTo(writer)).toHaveLength(0);
    expect(mailsTo(staffOn).every((mail) => !mail.text.includes("Client question"))).toBe(true);

    await markThreadRead(on, asked.threadId);
    await markThreadRead(admin, asked.threadId);
    await assignThread(on, asked.threadId, cast.admin.id);
    at(90);
    await postMessage(viewer(writer), { threadId: asked.threadId }, { body: "Second question" });
    await postMessage(on, { threadId: asked.threadId }, { body: "note", internal: true });
    at(101);
    await twoWorkers();
    // The admin had one as a member of the unassigned thread's staff, now one more as its assignee; staffOn none more.
    expect(mailsTo(cast.admin).filter((mail) => mail.text.includes(asked.threadId))).toHaveLength(2);
    expect(mailsTo(staffOn).filter((mail) => mail.text.includes(asked.threadId))).toHaveLength(1);
    expect(mailsTo(writer)).toHaveLength(0);

    // Taken meanwhile: a thread assigned before its digest runs is told to its assignee only.
    const taker = await makeUser(db(), { role: "client" });
    at(110);
    const taken = await postMessage(viewer(taker), { clientId: taker.id, orderId: null }, { body: "Who will handle this?" });
    at(112);
    await assignThread(on, taken.threadId, staffOn.id);
    at(121);
    await twoWorkers();
    expect(mailsTo(staffOn).filter((mail) => mail.text.includes(taken.threadId))).toHaveLength(1);
    expect(mailsTo(cast.admin).filter((mail) => mail.text.includes(taken.threadId))).toHaveLength(0);
    expect(mailsTo(cast.owner).filter((mail) => mail.text.includes(taken.threadId))).toHaveLength(0);
  });

  it("a thread's page holds its latest 50 messages, oldest first; older ones come a page at a time", async () => {
    const client = await makeUser(db(), { role: "client" });
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2099-05-01T08:00:00Z").getTime();
    let threadId = "";
    for (let i = 1; i <= 55; i++) {
      vi.setSystemTime(new Date(start + i * 1000));
      threadId = (await postMessage(i % 2 ? viewer(client) : on, { clientId: client.id, orderId: null }, { body: `Message ${i}` })).threadId;
    }
    const latest = (await getThread(viewer(client), threadId))!;
    expect(latest.hasOlder).toBe(true);
    expect(latest.messages.map((message) => message.body)).toEqual(Array.from({ length: 50 }, (_, index) => `Message ${index + 6}`));
    expect(latest.messages[0]).toMatchObject({ authorIsFirm: true, authorId: staffOn.id, authorName: staffOn.fullName });
    expect(latest.messages[1]).toMatchObject({ authorIsFirm: false, authorId: client.id });
    const older = (await getThread(viewer(client), threadId, { before: latest.messages[0]!.id }))!;
    expect(older.hasOlder).toBe(false);
    expect(older.messages.map((message) => message.body)).toEqual(["Message 1", "Message 2", "Message 3", "Message 4", "Message 5"]);
  });

  it("saved replies per language, for staff with the feature", async () => {
    const created = await createSavedReply(on, { locale: "fr", title: "Documents reçus", body: "Nous avons bien reçu vos documents." });
    await createSavedReply(on, { locale: "en", title: "Received", body: "We received your documents." });
    expect((await listSavedReplies(on, "fr")).map((reply) => reply.title)).toContain("Documents reçus");
    expect((await listSavedReplies(on, "fr")).every((reply) => reply.locale === "fr")).toBe(true);
    expect(await status(createSavedReply(on, { locale: "de", title: "X", body: "Y" }))).toBe(400);
    expect(await status(createSavedReply(A, { locale: "en", title: "X", body: "Y" }))).toBe(403);
    await deleteSavedReply(on, created.id);
    expect((await listSavedReplies(on, "fr")).map((reply) => reply.id)).not.toContain(created.id);
    expect(await status(deleteSavedReply(on, created.id))).toBe(404);
  });

  it("a contact message from a client's address moves into their general thread as theirs, at its time", async () => {
    const client = await makeUser(db(), { role: "client" });
    const contactId = await createContactMessage({ name: "Sam", email: client.email, subject: "My refund", message: "Where is my refund?" }, contactContext);
    const threadId = await moveContactMessageToClient(on, contactId);
    const thread = await getThread(viewer(client), threadId);
    expect(thread!.orderId).toBeNull();
    expect(thread!.messages).toEqual([expect.objectContaining({ authorId: client.id, authorIsFirm: false, body: "My refund\n\nWhere is my refund?" })]);
    const contact = await db().selectFrom("contactMessages").select(["status", "createdAt"]).where("id", "=", contactId).executeTakeFirstOrThrow();
    expect(contact.status).toBe("archived");
    expect(new Date(thread!.messages[0]!.createdAt).toISOString()).toBe(new Date(contact.createdAt).toISOString());
    // A stranger's address, and staff without `messages`, are refused.
    const stranger = await createContactMessage({ name: "Lee", email: "nobody@example.org", subject: "Hi", message: "Hello there" }, contactContext);
    expect(await status(moveContactMessageToClient(on, stranger))).toBe(400);
    expect(await status(moveContactMessageToClient(off, stranger))).toBe(403);
  });

  it("deleting a client deletes their threads and files, except a kept order's thread", async () => {
    const client = await makeUser(db(), { role: "client" });
    const { id: kept } = await createOrder(client, { service: "translation", details: "Keep this order's records." }, [], "en");
    const general = await postMessage(viewer(client), { clientId: client.id, orderId: null }, { body: "General", files: [pdf("g.pdf")] });
    const onKept = await postMessage(viewer(client), { clientId: client.id, orderId: kept }, { body: "On the kept order" });
    const attachment = (await getThread(on, general.threadId))!.messages[0]!.attachments[0]!;
    expect(await deleteMessagesOfClient(client.id, [kept])).toEqual({ threads: 1, files: 1 });
    expect(await getThread(on, general.threadId)).toBeNull();
    expect(await getThread(on, onKept.threadId)).not.toBeNull();
    expect(await db().selectFrom("storedFiles").select("id").where("id", "=", attachment.id).executeTakeFirst()).toBeUndefined();
  });
});
