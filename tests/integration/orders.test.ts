import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { listBoard } from "~/features/service-orders/board.server";
import { changeOrderStatus, createOrder, getOrder, isOverdue, listOrders } from "~/features/service-orders/service-orders.server";
import { AppError } from "~/lib/app-error";
import { seedPublicContent } from "~/features/content/seed.server";
import { ORDER_STATUSES, ORDER_TRANSITIONS } from "~/features/service-orders/status";
import { mailDir } from "~/lib/mail.server";
import { describeEachDialect } from "../setup/database";
import { makeCast, makeUser, type Cast } from "../support/factories";

async function expectRefusal(promise: Promise<unknown>, status: number, key?: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  if (key) expect((error as AppError).key).toBe(key);
}

function mailsTo(email: string): string[] {
  if (!fs.existsSync(mailDir())) return [];
  return fs
    .readdirSync(mailDir())
    .sort()
    .map((file) => fs.readFileSync(path.join(mailDir(), file), "utf8").replace(/=\r?\n/g, ""))
    .filter((message) => message.includes(`To: ${email}`));
}

describeEachDialect("service orders: state machine", (db) => {
  let cast: Cast;
  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
  });

  const order = (details = "Please prepare my federal return for 2025.") => createOrder(cast.clientA, { service: "tax_efiling", details }, [], "en");

  it("starts pending with a first history entry", async () => {
    const { id, reference } = await order();
    expect(reference).toMatch(/^SO-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const detail = await getOrder(cast.clientA, id, "en");
    expect(detail.status).toBe("pending");
    expect(detail.history.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([[null, "pending"]]);
    // staff are told about the new order
    const staffNotes = await db().selectFrom("notifications").select("type").where("userId", "=", cast.admin.id).execute();
    expect(staffNotes.map((row) => row.type)).toContain("order.created");
  });

  it("walks staff through the happy path, keeping history and telling the client", async () => {
    const { id, reference } = await order();
    for (const [to, note] of [
      ["in_review", null],
      ["waiting_for_client", "Please send your W-2"],
      ["in_progress", null],
      ["completed", "Filed"],
    ] as const) {
      await changeOrderStatus(cast.admin, id, to, note);
    }
    const detail = await getOrder(cast.clientA, id, "en");
    expect(detail.status).toBe("completed");
    expect(detail.history.map((entry) => `${entry.fromStatus}>${entry.toStatus}`)).toEqual([
      "null>pending",
      "pending>in_review",
      "in_review>waiting_for_client",
      "waiting_for_client>in_progress",
      "in_progress>completed",
    ]);
    expect(detail.history[2]!.note).toBe("Please send your W-2");
    expect(detail.history[4]!.changedByName).toBe(cast.admin.fullName);

    const notifications = await db()
      .selectFrom("notifications")
      .select(["titleKey", "params", "link"])
      .where("userId", "=", cast.clientA.id)
      .where("type", "=", "order.status")
      .execute();
    const forThisOrder = notifications.filter((row) => (row.params as { reference?: string }).reference === reference);
    expect(forThisOrder).toHaveLength(4);
    expect(forThisOrder[0]!.titleKey).toBe("orders:notifications.statusChanged.title");
    expect(forThisOrder[0]!.link).toBe(`/client/service-orders/${id}`);

    // the e-mail is in the client's language (French)
    const mails = mailsTo(cast.clientA.email).filter((message) => message.includes(`/client/service-orders/${id}`));
    expect(mails.length).toBe(4);
    expect(mails.at(-1)).toContain('lang=3D"fr"');
    expect(mails.at(-1)).toContain("Termin=C3=A9e"); // "Terminée", the French name of the state
  });

  it("refuses every transition the machine does not list, for staff too", async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (ORDER_TRANSITIONS[from].includes(to)) continue;
        const { id } = await order();
        const { db: database } = await import("~/lib/db/db.server");
        await database().updateTable("serviceOrders").set({ status: from }).where("id", "=", id).execute();
        await expectRefusal(changeOrderStatus(cast.owner, id, to), 409, "orders:errors.transitionNotAllowed");
      }
    }
  });

  it("refuses an unknown status", async () => {
    const { id } = await order();
    await expectRefusal(changeOrderStatus(cast.admin, id, "archived"), 400);
  });

  it("lets a client cancel its own order only while allowed, and nothing else", async () => {
    const { id } = await order();
    await expectRefusal(changeOrderStatus(cast.clientA, id, "in_review"), 403);
    await expectRefusal(changeOrderStatus(cast.clientB, id, "cancelled"), 404);
    await changeOrderStatus(cast.clientA, id, "cancelled", "Changed my mind");
    expect((await getOrder(cast.admin, id, "en")).status).toBe("cancelled");

    const started = await order();
    await changeOrderStatus(cast.admin, started.id, "in_review");
    await changeOrderStatus(cast.admin, started.id, "in_progress");
    await expectRefusal(changeOrderStatus(cast.clientA, started.id, "cancelled"), 409, "orders:errors.cannotCancel");
  });

  it("lets only one of two simultaneous moves from the same state win", async () => {
    const { id } = await order();
    const results = await Promise.allSettled([changeOrderStatus(cast.admin, id, "in_review"), changeOrderStatus(cast.owner, id, "in_review")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const detail = await getOrder(cast.admin, id, "en");
    expect(detail.history).toHaveLength(2);
  });

  it("lists, filters, searches and paginates on the server; a client sees only its own", async () => {
    const mine = await listOrders(cast.clientA, { perPage: 2, page: 1 }, "en");
    expect(mine.items.length).toBe(2);
    expect(mine.total).toBeGreaterThan(2);
    expect(mine.items.every((item) => item.clientId === cast.clientA.id)).toBe(true);
    const theirs = await listOrders(cast.clientB, {}, "en");
    expect(theirs.total).toBe(0);

    const { reference } = await createOrder(cast.clientB, { service: "notary", details: "Notarise a lease agreement please." }, [], "fr");
    const found = await listOrders(cast.admin, { q: reference.toLowerCase() }, "en");
    expect(found.items.map((item) => item.reference)).toEqual([reference]);
    expect(found.items[0]!.serviceTitle).not.toBe("notary");
    const byStatus = await listOrders(cast.admin, { status: "cancelled" }, "en");
    expect(byStatus.items.every((item) => item.status === "cancelled")).toBe(true);
    const byName = await listOrders(cast.admin, { q: "100%_" }, "en");
    expect(byName.total).toBe(0);
  });

  it("searches by exact reference, by the client's name or e-mail, and by the assignee's name (users first)", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const client = await makeUser(db(), { fullName: `Khalil Haddad ${tag}`, email: `k.haddad.${tag}@example.com` });
    const other = await makeUser(db(), { fullName: `Someone Else ${tag}` });
    const assignee = await makeUser(db(), { role: "admin", fullName: `Rania Assignee ${tag}` });
    const first = await createOrder(client, { service: "notary", details: "Notarise a lease agreement please." }, [], "en");
    const second = await createOrder(client, { service: "notary", details: "Notarise a second agreement please." }, [], "en");
    const unrelated = await createOrder(other, { service: "notary", details: "Notarise something else please." }, [], "en");
    await db().updateTable("serviceOrders").set({ assigneeId: assignee.id }).where("id", "=", unrelated.id).execute();
    const references = async (q: string) => (await listOrders(cast.admin, { q }, "en")).items.map((item) => item.reference).sort();

    expect(await references(first.reference)).toEqual([first.reference]);
    expect(await references(` ${first.reference.toLowerCase()} `)).toEqual([first.reference]);
    expect(await references(`khalil haddad ${tag}`)).toEqual([first.reference, second.reference].sort());
    expect(await references(`K.HADDAD.${tag}@`)).toEqual([first.reference, second.reference].sort());
    expect(await references(`rania assignee ${tag}`)).toEqual([unrelated.reference]);
    expect(await references(`nobody ${tag}`)).toEqual([]);
    // A client searching by someone else's name finds none of that person's orders.
    expect((await listOrders(other, { q: `khalil haddad ${tag}` }, "en")).items).toEqual([]);
  });

  it("counts an order once when both its client and its assignee match the search", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const client = await makeUser(db(), { fullName: `Nadia ${tag} Kassem` });
    const other = await makeUser(db(), { fullName: `Omar Other ${tag}` });
    const staff = await makeUser(db(), { role: "admin", fullName: `Nadia ${tag} Staff` });
    const both = await createOrder(client, { service: "notary", details: "Client and assignee both match." }, [], "en");
    const clientOnly = await createOrder(client, { service: "notary", details: "Only the client matches here." }, [], "en");
    const assigneeOnly = await createOrder(other, { service: "notary", details: "Only the assignee matches here." }, [], "en");
    await db().updateTable("serviceOrders").set({ assigneeId: staff.id }).where("id", "in", [both.id, assigneeOnly.id]).execute();

    const page = await listOrders(cast.admin, { q: `nadia ${tag}` }, "en");
    expect(page.items.map((item) => item.id).sort()).toEqual([both.id, clientOnly.id, assigneeOnly.id].sort());
    expect(page.total).toBe(3);
    // Each row names its client and assignee (or none), read from the users by id.
    const named = new Map(page.items.map((item) => [item.id, [item.clientName, item.clientEmail, item.assigneeName]]));
    expect(named.get(both.id)).toEqual([client.fullName, client.email, staff.fullName]);
    expect(named.get(clientOnly.id)).toEqual([client.fullName, client.email, null]);
    expect(named.get(assigneeOnly.id)).toEqual([other.fullName, other.email, staff.fullName]);
    const firstOfTwo = await listOrders(cast.admin, { q: `nadia ${tag}`, perPage: 2 }, "en");
    expect(firstOfTwo.total).toBe(3);
    expect(firstOfTwo.items).toHaveLength(2);
  });

  it("walks every order once by cursor, in a stable order, while new orders arrive", async () => {
    const client = await makeUser(db());
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await createOrder(client, { service: "notary", details: `Order number ${i} to walk through.` }, [], "en")).id);
    // Equal creation times: the id decides, the same on both dialects.
    await db().updateTable("serviceOrders").set({ createdAt: "2026-01-02T03:04:05.000Z" }).where("id", "in", made).execute();
    const seen: string[] = [];
    let after: string | undefined;
    for (let step = 0; step < 10; step++) {
      const page = await listOrders(cast.admin, { q: client.email, perPage: 3, after }, "en");
      seen.push(...page.items.map((item) => item.id));
      if (step === 0) await createOrder(client, { service: "notary", details: "Arrives while someone pages." }, [], "en");
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => made.includes(id)).sort()).toEqual([...made].sort());
    const ordered = [...made].sort().reverse();
    expect(seen.filter((id) => made.includes(id))).toEqual(ordered);
  });

  it("marks overdue orders: due date past, or open without a due date for more than 14 days", () => {
    const now = new Date("2026-03-20T12:00:00Z");
    expect(isOverdue({ status: "in_progress", dueDate: "2026-03-19", createdAt: "2026-03-18T00:00:00Z" }, now)).toBe(true);
    expect(isOverdue({ status: "in_progress", dueDate: "2026-03-20", createdAt: "2026-01-01T00:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ status: "pending", dueDate: null, createdAt: "2026-03-01T00:00:00Z" }, now)).toBe(true);
    expect(isOverdue({ status: "pending", dueDate: null, createdAt: "2026-03-10T00:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ status: "completed", dueDate: "2026-01-01", createdAt: "2026-01-01T00:00:00Z" }, now)).toBe(false);
  });

  it("builds the tracker board by state, for staff only", async () => {
    const board = await listBoard(cast.admin, "en");
    expect(board.map((column) => column.status)).toEqual(["pending", "in_review", "in_progress", "waiting_for_client", "completed"]);
    expect(board.find((column) => column.status === "completed")!.total).toBeGreaterThan(0);
    await expectRefusal(listBoard(cast.clientA, "en"), 403);
  });
});

describe("order status machine definition", () => {
  it("has no way out of completed or cancelled", () => {
    expect(ORDER_TRANSITIONS.completed).toEqual([]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
  });
});
