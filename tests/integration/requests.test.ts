import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { acceptItem, addItem, answerItem, attachFiles, markNotApplicable, removeItem, returnItem } from "~/features/requests/request-items.server";
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from "~/features/requests/request-templates.server";
import { CreateListSchema, ItemDefinitionSchema, TemplateSchema } from "~/features/requests/requests.schema";
import {
  cancelList,
  createList,
  getListForClient,
  getListForStaff,
  listLists,
  listsOfClient,
  listsOfOrder,
  openItemsForClient,
  submitList,
  type Actor,
} from "~/features/requests/requests.server";
import { createOrder, getOrder } from "~/features/service-orders/service-orders.server";
import type { CheckedUpload } from "~/lib/storage.server";
import { describeEachDialect } from "../setup/database";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

const asActor = (user: TestUser, features: string[] = []): Actor => ({ id: user.id, role: user.role, enabledFeatures: features });
const pdf = (name: string): CheckedUpload => ({
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
  originalName: name,
  type: { ext: "pdf", mime: "application/pdf" },
});

describeEachDialect("requests", (db) => {
  let cast: Cast;
  let admin: Actor;
  let clientA: Actor;
  let clientB: Actor;
  let staffOn: Actor;
  let staffOff: Actor;
  let orderId: string;

  const items = [
    { kind: "document", label: "W-2 from every employer", hint: "One per employer" },
    { kind: "question", answerType: "number", label: "How many dependants?" },
    { kind: "confirmation", label: "I have no 1099 income", required: false },
  ];
  const newList = (over: Record<string, unknown> = {}) =>
    CreateListSchema.parse({ clientId: cast.clientA.id, serviceOrderId: orderId, title: "Tax return 2030", dueDate: "2099-04-15", items, ...over });

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    admin = asActor(cast.admin);
    clientA = asActor(cast.clientA);
    clientB = asActor(cast.clientB);
    staffOn = asActor(await makeUser(db(), { role: "staff", features: ["requests"] }), ["requests"]);
    staffOff = asActor(await makeUser(db(), { role: "staff", features: ["tasks"] }), ["tasks"]);
    ({ id: orderId } = await createOrder(cast.clientA, { service: "translation", details: "Translate my diploma into English." }, [], "en"));
  });

  it("goes from sent to complete: the client answers and submits, staff return one item, the client fixes it, staff accept", async () => {
    const { id } = await createList(staffOn, newList());
    const notified = await db()
      .selectFrom("notifications")
      .select(["type", "link"])
      .where("userId", "=", cast.clientA.id)
      .where("type", "=", "request.sent")
      .execute();
    expect(notified.at(-1)?.link).toBe(`/client/requests/${id}`);

    let list = await getListForClient(cast.clientA.id, id);
    expect(list).toMatchObject({ status: "open", itemCount: 3, doneCount: 0, canSubmit: false, orderReference: expect.stringMatching(/^SO-/) });
    const [w2, dependants, no1099] = list.items;
    expect((await openItemsForClient(cast.clientA.id)).filter((item) => item.listId === id)).toHaveLength(3);

    await expect(submitList(clientA, id)).rejects.toMatchObject({ status: 409, key: "requests:errors.itemsMissing" });
    await attachFiles(clientA, w2!.id, [pdf("w2-acme.pdf"), pdf("w2-globex.pdf")]);
    await expect(answerItem(clientA, dependants!.id, "two")).rejects.toMatchObject({ status: 400, field: "answer", key: "requests:errors.numberInvalid" });
    await answerItem(clientA, dependants!.id, "2");
    await expect(attachFiles(clientA, dependants!.id, [pdf("x.pdf")])).rejects.toMatchObject({ status: 400 });
    list = await getListForClient(cast.clientA.id, id);
    expect(list.items.map((item) => item.state)).toEqual(["uploaded", "answered", "todo"]);
    expect(list.items[0]!.files.map((file) => file.originalName)).toEqual(["w2-acme.pdf", "w2-globex.pdf"]);
    expect(list.items[1]!.answer).toBe("2");
    // The uploads are the order's documents.
    expect((await getOrder({ id: cast.clientA.id, role: "client" }, orderId, "en")).files.map((file) => file.originalName)).toEqual(
      expect.arrayContaining(["w2-acme.pdf", "w2-globex.pdf"]),
    );
    expect(list.canSubmit).toBe(true);

    await submitList(clientA, id);
    expect((await getListForStaff(staffOn, id)).status).toBe("submitted");
    expect(await db().selectFrom("notifications").select("id").where("userId", "=", staffOn.id).where("type", "=", "request.submitted").execute()).toHaveLength(
      1,
    );
    await expect(answerItem(clientA, dependants!.id, "3")).rejects.toMatchObject({ status: 409, key: "requests:errors.notOpen" });

    await expect(returnItem(staffOn, dependants!.id, "  ")).rejects.toMatchObject({ status: 400, field: "note" });
    await returnItem(staffOn, dependants!.id, "Count your children under 19 too.");
    await acceptItem(staffOn, w2!.id);
    list = await getListForClient(cast.clientA.id, id);
    expect(list.status).toBe("open");
    expect(list.items[1]).toMatchObject({ state: "returned", staffNote: "Count your children under 19 too." });
    expect((await openItemsForClient(cast.clientA.id)).filter((item) => item.listId === id).map((item) => item.itemId)).toEqual([dependants!.id, no1099!.id]);
    expect(
      await db().selectFrom("notifications").select("id").where("userId", "=", cast.clientA.id).where("type", "=", "request.returned").execute(),
    ).toHaveLength(1);

    await answerItem(clientA, dependants!.id, 3);
    await submitList(clientA, id);
    await expect(answerItem(clientA, w2!.id, "x")).rejects.toMatchObject({ status: 409, key: "requests:errors.notOpen" });
    expect(await acceptItem(staffOn, dependants!.id)).toEqual({ listComplete: true });
    list = await getListForStaff(staffOn, id);
    expect(list).toMatchObject({ status: "complete", completedAt: expect.any(String) });
    await expect(acceptItem(staffOn, w2!.id)).rejects.toMatchObject({ status: 409, key: "requests:errors.listClosed" });

    // The order's timeline shows each step, in the client's language (French).
    const timeline = (await getOrder({ id: cast.clientA.id, role: "client" }, orderId, "en")).history.map((entry) => entry.note ?? "");
    expect(timeline.filter((note) => note.includes("Tax return 2030"))).toEqual([
      "Demande « Tax return 2030 » envoyée, à rendre le 2099-04-15",
      "Demande « Tax return 2030 » remise par le client",
      "Demande « Tax return 2030 » : « How many dependants? » renvoyé : Count your children under 19 too.",
      "Demande « Tax return 2030 » : « W-2 from every employer » accepté",
      "Demande « Tax return 2030 » remise par le client",
      "Demande « Tax return 2030 » : « How many dependants? » accepté",
      "Demande « Tax return 2030 » terminée",
    ]);
    expect(await db().selectFrom("auditLog").select("action").where("targetId", "=", id).execute()).toHaveLength(7);
  });

  it("reaches a client's own lists only, and staff with the requests feature", async () => {
    const { id } = await createList(admin, newList());
    const item = (await getListForStaff(admin, id)).items[1]!;
    await expect(getListForClient(cast.clientB.id, id)).rejects.toMatchObject({ status: 404, key: "requests:errors.notFound" });
    await expect(answerItem(clientB, item.id, "1")).rejects.toMatchObject({ status: 404, key: "requests:errors.itemNotFound" });
    await expect(submitList(clientB, id)).rejects.toMatchObject({ status: 404 });
    await expect(getListForClient(cast.clientA.id, "missing")).rejects.toMatchObject({ status: 404 });
    await expect(getListForStaff(staffOff, id)).rejects.toMatchObject({ status: 403 });
    await expect(createList(staffOff, newList())).rejects.toMatchObject({ status: 403 });
    await expect(acceptItem(staffOff, item.id)).rejects.toMatchObject({ status: 403 });
    await expect(listLists(staffOff, {})).rejects.toMatchObject({ status: 403 });
    await expect(createList(clientA, newList())).rejects.toMatchObject({ status: 403 });
    await expect(acceptItem(clientA, item.id)).rejects.toMatchObject({ status: 403 });
    // Staff do not answer for the client.
    await expect(answerItem(staffOn, item.id, "1")).rejects.toMatchObject({ status: 403 });
    expect(await listsOfClient(clientB, cast.clientA.id)).toEqual([]);
    expect((await listsOfOrder(clientB, orderId)).length).toBe(0);
    expect((await listsOfOrder(clientA, orderId)).map((list) => list.id)).toContain(id);
    expect((await listsOfOrder(staffOn, orderId)).map((list) => list.id)).toContain(id);
    // An order of another client, a staff member as client, a past due date are refused.
    await expect(createList(admin, newList({ clientId: cast.clientB.id }))).rejects.toMatchObject({ status: 400, field: "serviceOrderId" });
    await expect(createList(admin, newList({ clientId: staffOn.id, serviceOrderId: null }))).rejects.toMatchObject({ status: 400, field: "clientId" });
    await expect(createList(admin, newList({ dueDate: "2000-01-01" }))).rejects.toMatchObject({ status: 400, field: "dueDate" });
  });

  it("lets staff edit items while the list is active, the client say 'I don't have this', and cancel it", async () => {
    const { id } = await createList(staffOn, newList({ serviceOrderId: null, assigneeId: staffOn.id }));
    const [w2, dependants, no1099] = (await getListForStaff(staffOn, id)).items;
    const { id: added } = await addItem(
      staffOn,
      id,
      ItemDefinitionSchema.parse({ kind: "question", answerType: "choice", choices: ["Single", "Married"], label: "Filing status" }),
    );
    await markNotApplicable(clientA, w2!.id, "I was self-employed all year.");
    await answerItem(clientA, dependants!.id, "0");
    await answerItem(clientA, added, "Married");
    await expect(answerItem(clientA, added, "Divorced")).rejects.toMatchObject({ key: "requests:errors.choiceInvalid" });
    await removeItem(staffOn, no1099!.id);
    // Files of a list without an order are kept under the list.
    const list = await getListForClient(cast.clientA.id, id);
    expect(list.items.map((item) => [item.label, item.state])).toEqual([
      ["W-2 from every employer", "not_applicable"],
      ["How many dependants?", "answered"],
      ["Filing status", "answered"],
    ]);
    expect(list.items[0]!.notApplicableReason).toBe("I was self-employed all year.");
    await submitList(clientA, id);
    // Staff's list: waiting for review, by assignee.
    const review = await listLists(staffOn, { view: "review", assignee: staffOn.id });
    expect(review.items.map((row) => row.id)).toEqual([id]);
    expect(review.items[0]).toMatchObject({ doneCount: 3, itemCount: 3, assigneeId: staffOn.id, clientId: cast.clientA.id });
    // A required item added to a submitted list sends it back to the client.
    await addItem(staffOn, id, ItemDefinitionSchema.parse({ kind: "document", label: "Last year's return" }));
    expect((await getListForStaff(staffOn, id)).status).toBe("open");
    const link = { id: "link-" + id, listId: id, userId: cast.clientA.id, tokenHash: "hash-" + id, expiresAt: "2099-01-01T00:00:00.000Z" };
    await db().insertInto("requestLinks").values(link).execute();
    await cancelList(staffOn, id, "Sent twice");
    expect(await getListForStaff(staffOn, id)).toMatchObject({ status: "cancelled", cancelReason: "Sent twice" });
    expect(await db().selectFrom("requestLinks").select("revokedAt").where("id", "=", link.id).executeTakeFirstOrThrow()).toMatchObject({
      revokedAt: expect.any(String),
    });
    await expect(answerItem(clientA, dependants!.id, "1")).rejects.toMatchObject({ status: 409, key: "requests:errors.listClosed" });
    await expect(addItem(staffOn, id, ItemDefinitionSchema.parse({ kind: "document", label: "x" }))).rejects.toMatchObject({ status: 409 });
    await expect(attachFiles(clientA, w2!.id, [pdf("a.pdf")])).rejects.toMatchObject({ status: 409 });
  });

  it("starts lists from templates, and keeps templates per service and language", async () => {
    const template = TemplateSchema.parse({
      serviceKey: "translation",
      locale: "fr",
      title: "Traduction",
      message: "Merci de nous envoyer :",
      items: [
        { kind: "document", label: "L'original" },
        { kind: "question", answerType: "short_text", label: "Nom comme sur le passeport" },
      ],
    });
    await expect(createTemplate(staffOff, template)).rejects.toMatchObject({ status: 403 });
    const { id: templateId } = await createTemplate(staffOn, template);
    expect((await listTemplates(staffOn, { serviceKey: "translation", locale: "fr" })).map((row) => row.id)).toContain(templateId);
    expect((await listTemplates(staffOn, { locale: "ar" })).map((row) => row.id)).not.toContain(templateId);
    await updateTemplate(staffOn, templateId, { ...template, title: "Traduction certifiée" });
    expect((await getTemplate(staffOn, templateId)).items).toHaveLength(2);

    const { id } = await createList(staffOn, CreateListSchema.parse({ clientId: cast.clientA.id, dueDate: "2099-05-01", templateId }));
    const list = await getListForClient(cast.clientA.id, id);
    expect(list).toMatchObject({
      title: "Traduction certifiée",
      message: "Merci de nous envoyer :",
      remindersEnabled: true,
      reminderSchedule: { before: [-3, 0], overdueEvery: 7, max: 5 },
    });
    expect(list.items.map((item) => [item.kind, item.answerType, item.required])).toEqual([
      ["document", null, true],
      ["question", "short_text", true],
    ]);
    await deleteTemplate(staffOn, templateId);
    await expect(getTemplate(staffOn, templateId)).rejects.toMatchObject({ status: 404 });
    await expect(createList(staffOn, CreateListSchema.parse({ clientId: cast.clientA.id, dueDate: "2099-05-01", templateId }))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("pages the staff list, overdue first by due date, and filters overdue lists", async () => {
    const client = await makeUser(db(), { role: "client" });
    const ids: string[] = [];
    for (const dueDate of ["2099-01-03", "2099-01-01", "2099-01-02"])
      ids.push((await createList(staffOn, newList({ clientId: client.id, serviceOrderId: null, dueDate }))).id);
    await db().updateTable("requestLists").set({ dueDate: "2001-01-01" }).where("id", "=", ids[0]!).execute();
    const first = await listLists(staffOn, { clientId: client.id, perPage: 2 });
    expect(first.items.map((row) => row.id)).toEqual([ids[0], ids[1]]);
    expect(first.total).toBe(3);
    expect(first.items[0]!.overdue).toBe(true);
    const second = await listLists(staffOn, { clientId: client.id, perPage: 2, page: 2 });
    expect(second.items.map((row) => row.id)).toEqual([ids[2]]);
    expect((await listLists(staffOn, { clientId: client.id, view: "overdue" })).items.map((row) => row.id)).toEqual([ids[0]]);
  });
  it("gives items added at once their own positions, and reopens only a submitted list", async () => {
    const { id } = await createList(staffOn, newList({ items: [{ kind: "question", answerType: "short_text", label: "Passport number" }] }));
    const labels = ["One", "Two", "Three", "Four", "Five"];
    const added = await Promise.all(labels.map((label) => addItem(staffOn, id, ItemDefinitionSchema.parse({ kind: "document", label, required: false }))));
    const list = await getListForStaff(staffOn, id);
    expect(new Set(list.items.map((item) => item.position)).size).toBe(6);
    expect(list.items.map((item) => item.position).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    // Each call answers the id of the item it added.
    for (const [index, { id: itemId }] of added.entries()) expect(list.items.find((item) => item.id === itemId)?.label).toBe(labels[index]);

    // A submitted list: an optional item leaves it submitted, a required one sends it back to the client.
    await answerItem(clientA, list.items[0]!.id, "X1");
    await submitList(clientA, id);
    await addItem(staffOn, id, ItemDefinitionSchema.parse({ kind: "document", label: "Optional", required: false }));
    expect((await getListForStaff(staffOn, id)).status).toBe("submitted");
    const { id: required } = await addItem(staffOn, id, ItemDefinitionSchema.parse({ kind: "document", label: "Required" }));
    expect((await getListForStaff(staffOn, id)).status).toBe("open");

    // Returning an item while the list is cancelled at the same moment never reopens a cancelled list.
    await answerItem(clientA, list.items[0]!.id, "X2");
    await attachFiles(clientA, required, [pdf("w2.pdf")]);
    await submitList(clientA, id);
    await Promise.allSettled([returnItem(staffOn, list.items[0]!.id, "Check the number."), cancelList(staffOn, id)]);
    expect((await getListForStaff(staffOn, id)).status).toBe("cancelled");
  });
});
