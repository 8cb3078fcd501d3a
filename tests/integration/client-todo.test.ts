import { beforeAll, expect, it } from "vitest";
import { createInvoiceFromOrder, issueInvoice } from "~/features/billing/invoices.server";
import { createQuote, sendQuote } from "~/features/billing/quotes.server";
import { compareTodo, getClientTodo } from "~/features/client-todo/index.server";
import type { TodoEntry } from "~/features/client-todo/todo";
import { seedPublicContent } from "~/features/content/seed.server";
import { createReport, submitFeedback } from "~/features/reports/reports.server";
import { answerPageAction } from "~/features/requests/answer-page.http.server";
import { returnItem } from "~/features/requests/request-items.server";
import { CreateListSchema } from "~/features/requests/requests.schema";
import { createList, getListForClient, type Actor } from "~/features/requests/requests.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import { loader as todoApi } from "~/routes/api+/client.todo";
import { callJson } from "../support/api";
import { describeEachDialect } from "../setup/database";
import { makeCast, makeUser, type Cast } from "../support/factories";

const FEATURES = ["service_orders", "appointments", "reports"];
const asActor = (user: { id: string; role: string }, features: string[] = FEATURES): Actor => ({ id: user.id, role: user.role, enabledFeatures: features });

/** A PDF the storage module accepts by its content. */
const pdfFile = (name: string) => new File([`%PDF-1.4\n% ${name}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`], name, { type: "application/pdf" });

function post(path: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers });
}

/** Runs the shared answering action as Remix would: a thrown Response (a 404) is handed back. */
async function act(
  actor: Actor,
  listId: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string> = {},
  restricted = false,
): Promise<Response> {
  const back = restricted ? `/requests/${listId}` : `/client/requests/${listId}`;
  try {
    return await answerPageAction(post(back, body, headers), { actor, restricted }, listId, back);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describeEachDialect("client to-do list and answering", (db) => {
  let cast: Cast;
  let staff: Actor;
  let clientA: Actor;
  let clientB: Actor;
  let orderA: string;
  let orderB: string;

  const items = [
    { kind: "document", label: "W-2 from every employer" },
    { kind: "question", answerType: "short_text", label: "Name as in the passport" },
    { kind: "question", answerType: "yes_no", label: "Did you move this year?" },
    { kind: "confirmation", label: "I have no 1099 income", required: false },
  ];
  const list = (clientId: string, serviceOrderId: string | null, title: string, dueDate: string) =>
    CreateListSchema.parse({ clientId, serviceOrderId, title, dueDate, items });

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    staff = asActor(await makeUser(db(), { role: "staff", features: ["requests"] }), ["requests"]);
    clientA = asActor(cast.clientA);
    clientB = asActor(cast.clientB);
    ({ id: orderA } = await createOrder(cast.clientA, { service: "translation", details: "Translate my diploma into English." }, [], "en"));
    ({ id: orderB } = await createOrder(cast.clientB, { service: "translation", details: "Translate my birth certificate." }, [], "en"));
  });

  it("lists what the client must do, soonest due first, and never another client's", async () => {
    const admin = asActor(cast.admin, []);
    const later = await createList(staff, list(cast.clientA.id, orderA, "Tax return", "2099-06-30"));
    const sooner = await createList(staff, list(cast.clientA.id, null, "Passport spelling", "2099-03-01"));
    const other = await createList(staff, list(cast.clientB.id, orderB, "B's papers", "2099-01-01"));
    const quote = await createQuote(admin, orderA, {
      lines: [{ kind: "item", description: "Translation", quantity: 1, unitCents: 9_000 }],
      validUntil: "2099-05-01",
    });
    await sendQuote(admin, quote.id);
    const invoice = await createInvoiceFromOrder(admin, orderA, { lines: [{ kind: "item", description: "Work", quantity: 1, unitCents: 12_000 }] });
    await issueInvoice(admin, invoice.id, { notify: false, dueDate: "2099-04-01" });
    const report = await createReport(cast.admin, { clientId: cast.clientA.id, orderId: orderA, title: "Summary", body: "Done." }, []);
    const rated = await createReport(cast.admin, { clientId: cast.clientA.id, title: "Rated already", body: "Done." }, []);
    await submitFeedback(clientA, rated.id, { rating: 5 });
    const bReport = await createReport(cast.admin, { clientId: cast.clientB.id, title: "B's report", body: "Done." }, []);

    const todo = await getClientTodo(clientA);
    const keys = todo.map((entry) => `${entry.kind}:${entry.id}`);
    // Four items per list, the quote, the invoice, the report without feedback.
    expect(todo.filter((entry) => entry.kind === "request")).toHaveLength(8);
    expect(keys).toContain(`quote:${quote.id}`);
    expect(keys).toContain(`invoice:${invoice.id}`);
    expect(keys).toContain(`report:${report.id}`);
    expect(keys).not.toContain(`report:${rated.id}`);
    // Client A never sees B's list or report.
    const bItems = (await getListForClient(cast.clientB.id, other.id)).items.map((item) => `request:${item.id}`);
    for (const key of [...bItems, `report:${bReport.id}`]) expect(keys).not.toContain(key);
    expect((await getClientTodo(clientB)).every((entry) => entry.kind !== "request" || bItems.includes(`request:${entry.id}`))).toBe(true);

    // Soonest due first: the March list, the April invoice, the May quote, the June list, then the undated report.
    const order = todo.map((entry) => (entry.kind === "request" ? `request:${entry.context}` : entry.kind));
    expect([...new Set(order)]).toEqual(["request:Passport spelling", "invoice", "quote", "request:Tax return", "report"]);
    expect(todo.find((entry) => entry.kind === "invoice")).toMatchObject({
      amountCents: 12_000,
      href: `/client/invoices/${invoice.id}`,
      dueDate: "2099-04-01",
    });
    const first = todo.find((entry) => entry.kind === "request" && entry.context === "Tax return")!;
    expect(first).toMatchObject({ orderId: orderA, orderReference: expect.stringMatching(/^SO-/), state: "todo", dueDate: "2099-06-30" });
    expect(first.href).toBe(`/client/requests/${later.id}#item-${first.id}`);
    expect(todo.find((entry) => entry.context === "Passport spelling")!.href).toContain(`/client/requests/${sooner.id}#item-`);

    // Without the reports feature, no report; staff have no to-do list.
    expect((await getClientTodo(asActor(cast.clientA, ["service_orders"]))).some((entry) => entry.kind === "report")).toBe(false);
    expect(await getClientTodo(staff)).toEqual([]);

    // The API serves the same list to the client, and refuses staff.
    const api = await callJson<{ items: TodoEntry[]; total: number }>(todoApi, { path: "/api/client/todo", as: cast.clientA });
    expect(api.status).toBe(200);
    expect(api.response.headers.get("cache-control")).toBe("no-store");
    expect(api.body.items.map((entry) => `${entry.kind}:${entry.id}`)).toEqual(keys);
    expect((await callJson(todoApi, { path: "/api/client/todo", as: cast.admin })).status).toBe(403);
    expect((await callJson(todoApi, { path: "/api/client/todo", as: null })).status).toBe(401);
    const forB = await callJson<{ items: TodoEntry[] }>(todoApi, { path: "/api/client/todo", as: cast.clientB });
    expect(forB.body.items.map((entry) => `${entry.kind}:${entry.id}`)).not.toContain(keys[0]);
  });

  it("orders entries: dated before undated, soonest first, overdue at the top, newest undated first", () => {
    const entry = (id: string, dueDate: string | null, createdAt = ""): TodoEntry => ({
      kind: "report",
      id,
      title: id,
      context: null,
      note: null,
      state: null,
      orderId: null,
      orderReference: null,
      dueDate,
      overdue: false,
      amountCents: null,
      currency: null,
      href: "/",
      createdAt,
    });
    const sorted = [entry("old", null, "2030-01-01"), entry("june", "2030-06-01"), entry("new", null, "2030-02-01"), entry("jan", "2020-01-01")].sort(
      compareTodo,
    );
    expect(sorted.map((e) => e.id)).toEqual(["jan", "june", "new", "old"]);
  });

  it("answers item by item through the pages' action: answers, files, 'I don't have this', submit; a returned item is back on the to-do list", async () => {
    const { id } = await createList(staff, list(cast.clientA.id, orderA, "Answer me", "2099-02-01"));
    const [w2, name, moved, no1099] = (await getListForClient(cast.clientA.id, id)).items;

    // A bad answer is that item's field error; nothing changes.
    let response = await act(clientA, id, new URLSearchParams({ intent: "answer", itemId: moved!.id, answer: "maybe" }));
    expect(response.status).toBe(400);
    const refused = (await response.json()) as { itemId: string; result: { error: Record<string, string[]> } };
    expect(refused.itemId).toBe(moved!.id);
    expect(refused.result.error.answer).toEqual(["requests:errors.yesNoRequired"]);

    response = await act(clientA, id, new URLSearchParams({ intent: "answer", itemId: name!.id, answer: "  Maria LOPEZ  " }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/client/requests/${id}#item-${name!.id}`);
    response = await act(clientA, id, new URLSearchParams({ intent: "answer", itemId: moved!.id, answer: "no" }));
    expect(response.status).toBe(302);

    // "I don't have this" needs a reason.
    response = await act(clientA, id, new URLSearchParams({ intent: "not-applicable", itemId: no1099!.id, reason: " " }));
    expect(response.status).toBe(400);
    response = await act(clientA, id, new URLSearchParams({ intent: "not-applicable", itemId: no1099!.id, reason: "Never had any." }));
    expect(response.status).toBe(302);

    // Two documents in one upload (the progress bar's JSON answer); none chosen is a file error; a question takes no file.
    const empty = new FormData();
    empty.set("intent", "upload");
    empty.set("itemId", w2!.id);
    empty.set("files", new File([], ""));
    response = await act(clientA, id, empty);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fileErrors: Array<{ key: string }> }).fileErrors[0]!.key).toBe("orders:files.errors.required");
    const notText = new FormData();
    notText.set("intent", "upload");
    notText.set("itemId", w2!.id);
    notText.append("files", new File(["just text, not a pdf"], "w2.pdf", { type: "application/pdf" }));
    response = await act(clientA, id, notText);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fileErrors: Array<{ key: string }> }).fileErrors[0]!.key).toBe("orders:files.errors.type_not_allowed");
    const two = new FormData();
    two.set("intent", "upload");
    two.set("itemId", w2!.id);
    two.append("files", pdfFile("w2-acme.pdf"));
    two.append("files", pdfFile("w2-globex.pdf"));
    response = await act(clientA, id, two, { "X-Upload": "progress" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ redirectTo: `/client/requests/${id}`, toast: { message: "requests:client.toast.uploaded" } });

    let detail = await getListForClient(cast.clientA.id, id);
    expect(detail.items.map((item) => item.state)).toEqual(["uploaded", "answered", "answered", "not_applicable"]);
    expect(detail.items[0]!.files.map((file) => file.originalName)).toEqual(["w2-acme.pdf", "w2-globex.pdf"]);
    expect(detail.items[1]!.answer).toBe("Maria LOPEZ");
    expect(detail.items[3]!.notApplicableReason).toBe("Never had any.");
    expect((await getClientTodo(clientA)).some((entry) => entry.context === "Answer me")).toBe(false);

    response = await act(clientA, id, new URLSearchParams({ intent: "submit" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/client/requests/${id}`);
    expect((await getListForClient(cast.clientA.id, id)).status).toBe("submitted");
    // Submitted: answering again is refused with a message, not a 500.
    response = await act(clientA, id, new URLSearchParams({ intent: "answer", itemId: name!.id, answer: "Other" }));
    expect(response.status).toBe(409);

    await returnItem(staff, name!.id, "Spell it exactly as in the passport, please.");
    const back = (await getClientTodo(clientA)).find((entry) => entry.id === name!.id);
    expect(back).toMatchObject({ kind: "request", state: "returned", context: "Answer me", note: "Spell it exactly as in the passport, please." });
    // An item still to do carries no note.
    expect((await getClientTodo(clientA)).filter((entry) => entry.kind === "request" && entry.id !== name!.id).every((entry) => entry.note === null)).toBe(
      true,
    );
    const api = await callJson<{ items: TodoEntry[] }>(todoApi, { path: "/api/client/todo", as: cast.clientA });
    expect(api.body.items.find((entry) => entry.id === name!.id)?.note).toBe("Spell it exactly as in the passport, please.");
    response = await act(clientA, id, new URLSearchParams({ intent: "answer", itemId: name!.id, answer: "María López" }));
    expect(response.status).toBe(302);
    detail = await getListForClient(cast.clientA.id, id);
    expect(detail.items[1]).toMatchObject({ state: "answered", answer: "María López" });
  });

  it("reaches this list only: another list's item, another client's list, an unknown intent", async () => {
    const mine = await createList(staff, list(cast.clientA.id, null, "Mine", "2099-02-01"));
    const mineToo = await createList(staff, list(cast.clientA.id, null, "Mine too", "2099-02-02"));
    const theirs = await createList(staff, list(cast.clientB.id, null, "Theirs", "2099-02-01"));
    const otherItem = (await getListForClient(cast.clientA.id, mineToo.id)).items[1]!;
    const theirItem = (await getListForClient(cast.clientB.id, theirs.id)).items[1]!;

    // A restricted session to "Mine" cannot answer an item of the client's other list through it.
    let response = await act(clientA, mine.id, new URLSearchParams({ intent: "answer", itemId: otherItem.id, answer: "x" }), {}, true);
    expect(response.status).toBe(404);
    expect((await getListForClient(cast.clientA.id, mineToo.id)).items[1]!.state).toBe("todo");
    // Client A reaches neither B's list nor B's item.
    response = await act(clientA, theirs.id, new URLSearchParams({ intent: "answer", itemId: theirItem.id, answer: "x" }));
    expect(response.status).toBe(404);
    response = await act(clientA, theirs.id, new URLSearchParams({ intent: "submit" }));
    expect(response.status).toBe(404);
    expect((await getListForClient(cast.clientB.id, theirs.id)).items[1]!.state).toBe("todo");
    // Staff do not answer for the client.
    const mineItem = (await getListForClient(cast.clientA.id, mine.id)).items[1]!;
    response = await act(asActor(cast.admin, []), mine.id, new URLSearchParams({ intent: "answer", itemId: mineItem.id, answer: "x" }));
    expect(response.status).toBe(404);
    // An unknown intent is a refusal, not a 500; submitting too early is refused with a message.
    response = await act(clientA, mine.id, new URLSearchParams({ intent: "dance", itemId: mineItem.id }));
    expect(response.status).toBe(302);
    response = await act(clientA, mine.id, new URLSearchParams({ intent: "submit" }));
    expect(response.status).toBe(302);
    expect((await getListForClient(cast.clientA.id, mine.id)).status).toBe("open");
  });
});
