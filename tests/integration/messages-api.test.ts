import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import * as threadsRoute from "~/routes/api+/message-threads";
import * as threadRoute from "~/routes/api+/message-threads.$id";
import * as assignRoute from "~/routes/api+/message-threads.$id.assign";
import * as closeRoute from "~/routes/api+/message-threads.$id.close";
import * as postRoute from "~/routes/api+/message-threads.$id.messages";
import * as readRoute from "~/routes/api+/message-threads.$id.read";
import * as reopenRoute from "~/routes/api+/message-threads.$id.reopen";
import * as messageRoute from "~/routes/api+/messages.$id";
import * as unreadRoute from "~/routes/api+/messages.unread";
import { callJson, type CallOptions } from "../support/api";
import { describeEachDialect } from "../setup/database";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = Parameters<typeof callJson>[0];
const api = (handler: Handler, options: CallOptions) => callJson<Json>(handler, { ...options, headers: { "x-client-ip": "198.51.100.9", ...options.headers } });

const pdfForm = (body: string, ...names: string[]) => {
  const form = new FormData();
  form.set("body", body);
  for (const name of names) form.append("files", new File([`%PDF-1.4\n% ${name}\n%%EOF\n`], name, { type: "application/pdf" }));
  return form;
};

describeEachDialect("messages API", (db) => {
  let cast: Cast;
  let staffOn: TestUser;
  let staffOff: TestUser;
  let orderId: string;

  const threadPath = (id: string, step = "") => `/api/message-threads/${id}${step ? `/${step}` : ""}`;
  const read = (as: TestUser | null, id: string) => api(threadRoute.loader, { path: threadPath(id), as, params: { id } });
  const post = (as: TestUser | null, id: string, body: unknown) =>
    api(postRoute.action, { path: threadPath(id, "messages"), method: "POST", as, body, params: { id } });
  const step = (handler: Handler, name: string, as: TestUser | null, id: string, body?: unknown) =>
    api(handler, { path: threadPath(id, name), method: "POST", as, body, params: { id } });
  const unread = async (as: TestUser) => (await api(unreadRoute.loader, { path: "/api/messages/unread", as })).body.count as number;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    staffOn = await makeUser(db(), { role: "staff", features: ["messages"] });
    staffOff = await makeUser(db(), { role: "staff", features: ["requests"] });
    ({ id: orderId } = await createOrder(cast.clientA, { service: "translation", details: "Translate my diploma, two pages." }, [], "en"));
  });

  it("a client starts a thread on their order with a file; only they and staff with the feature reach it", async () => {
    const created = await api(threadsRoute.action, {
      path: "/api/message-threads",
      method: "POST",
      as: cast.clientA,
      body: (() => {
        const form = pdfForm("Here is the diploma", "diploma.pdf");
        form.set("orderId", orderId);
        return form;
      })(),
    });
    expect(created.status).toBe(201);
    const id = created.body.threadId as string;
    expect(created.body.thread).toMatchObject({ id, orderId, clientId: cast.clientA.id, state: "open" });
    expect(created.body.thread.messages[0]).toMatchObject({ body: "Here is the diploma", authorIsFirm: false, attachments: [{ fileName: "diploma.pdf" }] });

    expect((await read(cast.clientA, id)).status).toBe(200);
    expect((await read(staffOn, id)).status).toBe(200);
    expect((await read(cast.admin, id)).status).toBe(200);
    expect((await read(cast.clientB, id)).status).toBe(404);
    expect((await read(staffOff, id)).status).toBe(404);
    expect((await read(null, id)).status).toBe(401);
    expect((await post(cast.clientB, id, { body: "Hi" })).status).toBe(404);
    expect((await post(staffOff, id, { body: "Hi" })).status).toBe(404);
    expect((await step(readRoute.action, "read", cast.clientB, id)).status).toBe(404);
    expect((await step(closeRoute.action, "close", cast.clientA, id)).status).toBe(404);
    expect((await step(closeRoute.action, "close", staffOff, id)).status).toBe(404);

    // Lists: each client their own; staff with the feature every thread; staff without it 403.
    const ofA = await api(threadsRoute.loader, { path: "/api/message-threads", as: cast.clientA });
    expect(ofA.body.threads.map((thread: Json) => thread.id)).toEqual([id]);
    expect((await api(threadsRoute.loader, { path: "/api/message-threads", as: cast.clientB })).body.threads).toEqual([]);
    const firm = await api(threadsRoute.loader, { path: `/api/message-threads?view=unread&clientId=${cast.clientA.id}&perPage=5`, as: staffOn });
    expect(firm.status).toBe(200);
    expect(firm.body).toMatchObject({ page: 1, perPage: 5, total: 1 });
    expect(firm.body.threads[0]).toMatchObject({ id, unread: true, lastMessagePreview: "Here is the diploma" });
    expect((await api(threadsRoute.loader, { path: "/api/message-threads", as: staffOff })).status).toBe(403);
    // A client cannot open a thread for another client, nor on another's order.
    const foreign = await api(threadsRoute.action, { path: "/api/message-threads", method: "POST", as: cast.clientB, body: { orderId, body: "On A's order" } });
    expect([foreign.status, foreign.body.message]).toEqual([400, "Choose one of this client's orders."]);
    // Bad input: a 400 in the caller's language (client A's is French), never a 500.
    const empty = await post(cast.clientA, id, { body: "  " });
    expect([empty.status, empty.body.message]).toEqual([400, "Écrivez un message ou joignez un fichier."]);
  });

  it("internal notes, replies, read marks, assignment and state through the API; a client never gets a note", async () => {
    const started = await api(threadsRoute.action, { path: "/api/message-threads", method: "POST", as: cast.clientB, body: { body: "General question" } });
    const id = started.body.threadId as string;
    expect(await unread(cast.clientB)).toBe(0);
    const before = await unread(staffOn);
    expect(before).toBeGreaterThan(0);

    const note = await post(staffOn, id, { body: "INTERNAL: check the payment first", internal: true });
    expect(note.status).toBe(201);
    expect((await post(cast.clientB, id, { body: "sneaky", internal: true })).status).toBe(403);
    expect((await read(cast.clientB, id)).body.thread.messages.map((message: Json) => message.body)).toEqual(["General question"]);
    expect(JSON.stringify((await api(threadsRoute.loader, { path: "/api/message-threads", as: cast.clientB })).body)).not.toContain("INTERNAL");
    // …nor by the note's id.
    const patchNote = await api(messageRoute.action, {
      path: `/api/messages/${note.body.messageId}`,
      method: "PATCH",
      as: cast.clientB,
      body: { body: "x" },
      params: { id: note.body.messageId },
    });
    expect(patchNote.status).toBe(404);

    expect((await step(readRoute.action, "read", staffOn, id)).body).toEqual({ ok: true });
    expect(await unread(staffOn)).toBe(before - 1);
    const reply = await post(staffOn, id, { body: "Answered" });
    expect(reply.status).toBe(201);
    expect(await unread(cast.clientB)).toBe(1);
    expect((await read(cast.clientB, id)).body.thread).toMatchObject({ unread: true, state: "waiting" });
    await step(readRoute.action, "read", cast.clientB, id);
    expect(await unread(cast.clientB)).toBe(0);

    const assigned = await step(assignRoute.action, "assign", staffOn, id, { assigneeId: staffOn.id });
    expect(assigned.body.thread).toMatchObject({ assigneeId: staffOn.id, assigneeName: staffOn.fullName });
    expect((await step(assignRoute.action, "assign", staffOn, id, { assigneeId: staffOff.id })).status).toBe(400);
    expect((await step(assignRoute.action, "assign", cast.clientB, id, { assigneeId: null })).status).toBe(404);
    expect((await step(closeRoute.action, "close", staffOn, id)).body.thread.state).toBe("closed");
    expect((await step(reopenRoute.action, "reopen", staffOn, id)).body.thread.state).toBe("open");

    // Removal: staff only; the client sees "removed", the audit trail has it.
    const del = (as: TestUser) =>
      api(messageRoute.action, { path: `/api/messages/${reply.body.messageId}`, method: "DELETE", as, params: { id: reply.body.messageId } });
    expect((await del(cast.clientB)).status).toBe(403);
    expect((await del(staffOff)).status).toBe(404);
    expect((await del(staffOn)).status).toBe(200);
    const after = (await read(cast.clientB, id)).body.thread.messages as Json[];
    expect(after.at(-1)).toMatchObject({ removed: true, body: "" });
    // The author edits within 5 minutes.
    const mine = started.body.messageId as string;
    const edit = await api(messageRoute.action, {
      path: `/api/messages/${mine}`,
      method: "PATCH",
      as: cast.clientB,
      body: { body: "General question (edited)" },
      params: { id: mine },
    });
    expect(edit.status).toBe(200);
    expect((await read(staffOn, id)).body.thread.messages[0]).toMatchObject({ body: "General question (edited)" });
  });
});
