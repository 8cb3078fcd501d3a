import { beforeAll, describe, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { DEMO_REQUEST_TEMPLATES, seedDemoRequestTemplates } from "~/features/demo/request-templates.server";
import { ItemFormSchema, reminderFormValue, reminderScheduleOf } from "~/features/requests";
import {
  answerItem,
  attachFiles,
  canReadRequestFile,
  createList,
  getListForStaff,
  listTemplates,
  submitList,
  type Actor,
} from "~/features/requests/index.server";
import { CreateListSchema } from "~/features/requests/requests.schema";
import { createOrder } from "~/features/service-orders/index.server";
import * as detailPage from "~/routes/dashboard+/requests.$id";
import * as newPage from "~/routes/dashboard+/requests.new";
import * as listPage from "~/routes/dashboard+/requests._index";
import * as templatePage from "~/routes/dashboard+/request-templates.$id";
import * as fileRoute from "~/routes/resources+/files.$id";
import type { CheckedUpload } from "~/lib/storage.server";
import { call, callJson } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";
import { describeEachDialect } from "../setup/database";

/**
 * The staff's request pages (loaders and actions as Remix calls them): a new list from the
 * form's fields (items as repeated fields, reminders as days), a list's review (return needs a
 * note), the templates offered for an order, the demo's templates, and the files of request
 * items through the audited download route.
 */
const asActor = (user: TestUser, features: string[] = []): Actor => ({ id: user.id, role: user.role, enabledFeatures: features });
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const pdf = (name: string): CheckedUpload => ({
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
  originalName: name,
  type: { ext: "pdf", mime: "application/pdf" },
});

describe("the staff's request forms", () => {
  it("read an item row: an unticked box is optional, choices one per line, a question needs its type of answer", () => {
    expect(ItemFormSchema.parse({ kind: "question", answerType: "choice", choices: "Single\r\n\nMarried \nSingle", label: " Filing status " })).toEqual({
      kind: "question",
      answerType: "choice",
      choices: ["Single", "Married"],
      label: "Filing status",
      hint: null,
      required: false,
    });
    expect(ItemFormSchema.parse({ kind: "document", answerType: "number", choices: "a\nb", label: "W-2", required: true })).toMatchObject({
      answerType: null,
      choices: null,
      required: true,
    });
    const refused = ItemFormSchema.safeParse({ kind: "question", label: "How many?" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["answerType", "requests:errors.answerTypeRequired"]]);
  });

  it("turn the reminder fields into a schedule and back", () => {
    expect(reminderScheduleOf({ remindersEnabled: true, reminderBefore: "0, 3, 3", reminderOverdueEvery: 7, reminderMax: 5 })).toEqual({
      remindersEnabled: true,
      reminderSchedule: { before: [-3, 0], overdueEvery: 7, max: 5 },
    });
    expect(reminderScheduleOf({})).toEqual({ remindersEnabled: false, reminderSchedule: { before: [], overdueEvery: 0, max: 0 } });
    expect(reminderFormValue(true, { before: [0, -3], overdueEvery: 7, max: 5 })).toEqual({
      remindersEnabled: true,
      reminderBefore: "3, 0",
      reminderOverdueEvery: 7,
      reminderMax: 5,
    });
  });
});

describeEachDialect("the staff's request pages", (db) => {
  let cast: Cast;
  let staff: TestUser;
  let staffOff: TestUser;
  let arabicClient: TestUser;
  let orderId: string;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    staff = await makeUser(db(), { role: "staff", features: ["requests"] });
    staffOff = await makeUser(db(), { role: "staff", features: ["tasks"] });
    arabicClient = await makeUser(db(), { role: "client", locale: "ar" });
    ({ id: orderId } = await createOrder(arabicClient, { service: "translation", details: "Translate my birth certificate." }, [], "ar"));
  });

  it("seeds the demo's templates once: three services in three languages, every item valid", async () => {
    const admin = asActor(cast.admin);
    expect(await seedDemoRequestTemplates(admin)).toBe(DEMO_REQUEST_TEMPLATES.length);
    expect(await seedDemoRequestTemplates(admin)).toBe(0);
    const templates = await listTemplates(admin);
    expect(templates).toHaveLength(9);
    expect(new Set(templates.map((template) => `${template.serviceKey}/${template.locale}`)).size).toBe(9);
    for (const template of templates) expect(template.items.length).toBeGreaterThan(4);
  });

  it("offers the order's service's templates in the client's language, and fills the form from one without JavaScript", async () => {
    const arabicTranslation = (await listTemplates(asActor(staff, ["requests"]), { serviceKey: "translation", locale: "ar" }))[0]!;
    const { status, body } = await callJson<{
      target: { client: { id: string }; order: { id: string } };
      templates: Array<{ id: string }>;
      template: { id: string };
    }>(newPage.loader, { path: `/dashboard/requests/new?orderId=${orderId}&templateId=${arabicTranslation.id}`, as: staff });
    expect(status).toBe(200);
    expect(body.target.client.id).toBe(arabicClient.id);
    expect(body.target.order.id).toBe(orderId);
    expect(body.templates.map((template) => template.id)).toEqual([arabicTranslation.id]);
    expect(body.template.id).toBe(arabicTranslation.id);

    const refused = await call(newPage.loader, { path: `/dashboard/requests/new?orderId=${orderId}`, as: staffOff });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/dashboard");
  });

  it("sends a list from the form's fields: items in order, optional ones, the reminder days", async () => {
    const fields = {
      clientId: arabicClient.id,
      serviceOrderId: orderId,
      title: "Birth certificate",
      message: "Please send these.",
      dueDate: "2099-05-01",
      remindersEnabled: "on",
      reminderBefore: "5, 1",
      reminderOverdueEvery: "3",
      reminderMax: "4",
      "items[0].kind": "document",
      "items[0].label": "Birth certificate",
      "items[0].required": "on",
      "items[1].kind": "question",
      "items[1].answerType": "choice",
      "items[1].choices": "Certified\nNotarized",
      "items[1].label": "Certification",
    };
    const response = await call(newPage.action, { path: "/dashboard/requests/new", method: "POST", as: staff, body: form(fields) });
    expect(response.status).toBe(302);
    const id = response.headers.get("Location")!.replace("/dashboard/requests/", "");
    const list = await getListForStaff(asActor(staff, ["requests"]), id);
    expect(list).toMatchObject({
      title: "Birth certificate",
      serviceOrderId: orderId,
      remindersEnabled: true,
      reminderSchedule: { before: [-5, -1], overdueEvery: 3, max: 4 },
    });
    expect(list.items.map((item) => [item.label, item.required, item.choices])).toEqual([
      ["Birth certificate", true, null],
      ["Certification", false, ["Certified", "Notarized"]],
    ]);

    const noItems = await callJson<{ result: { error: Record<string, string[]> } }>(newPage.action, {
      path: "/dashboard/requests/new",
      method: "POST",
      as: staff,
      body: form({ clientId: arabicClient.id, title: "Nothing", dueDate: "2099-05-01" }),
    });
    expect(noItems.status).toBe(400);
    expect(noItems.body.result.error.items).toEqual(["requests:errors.itemsRequired"]);

    const past = await callJson<{ result: { error: Record<string, string[]> } }>(newPage.action, {
      path: "/dashboard/requests/new",
      method: "POST",
      as: staff,
      body: form({ ...fields, dueDate: "2001-01-01" }),
    });
    expect(past.status).toBe(400);
    expect(past.body.result.error.dueDate).toEqual(["requests:errors.dueDatePast"]);
  });

  it("reviews a submitted list: a return needs a note, the client's answers and files show, the list completes, the history says so", async () => {
    const reviewer = asActor(staff, ["requests"]);
    const client = asActor(arabicClient);
    const { id } = await createList(
      reviewer,
      CreateListSchema.parse({
        clientId: arabicClient.id,
        serviceOrderId: orderId,
        title: "Passport names",
        dueDate: "2099-06-01",
        items: [
          { kind: "document", label: "Passport page" },
          { kind: "question", answerType: "short_text", label: "Name as in the passport" },
        ],
      }),
    );
    let list = await getListForStaff(reviewer, id);
    const [passport, name] = list.items;
    const page = (fields: Record<string, string>) => ({ path: `/dashboard/requests/${id}`, method: "POST", as: staff, params: { id }, body: form(fields) });
    // "Resend link": a new one-click link is e-mailed, the earlier ones revoked.
    const resent = await call(detailPage.action, page({ intent: "resend" }));
    expect(resent.status).toBe(302);
    expect(resent.headers.get("Location")).toBe(`/dashboard/requests/${id}`);
    const links = await db().selectFrom("requestLinks").select(["revokedAt"]).where("listId", "=", id).execute();
    expect(links.filter((link) => link.revokedAt === null)).toHaveLength(1);

    const [file] = await attachFiles(client, passport!.id, [pdf("passport.pdf")]);
    await answerItem(client, name!.id, "Rana Haddad");
    await submitList(client, id);

    const noNote = await callJson<{ intent: string; itemId: string; result: { error: Record<string, string[]> } }>(
      detailPage.action,
      page({ intent: "return", itemId: name!.id }),
    );
    expect(noNote.status).toBe(400);
    expect(noNote.body).toMatchObject({ intent: "return", itemId: name!.id, result: { error: { note: ["requests:errors.noteRequired"] } } });

    expect((await call(detailPage.action, page({ intent: "return", itemId: name!.id, note: "Add your middle name." }))).status).toBe(302);
    list = await getListForStaff(reviewer, id);
    expect(list.status).toBe("open");
    expect(list.items[1]).toMatchObject({ state: "returned", staffNote: "Add your middle name." });

    await answerItem(client, name!.id, "Rana M. Haddad");
    await submitList(client, id);
    expect((await call(detailPage.action, page({ intent: "accept", itemId: passport!.id }))).status).toBe(302);
    const last = await call(detailPage.action, page({ intent: "accept", itemId: name!.id, note: "Thank you." }));
    expect(last.status).toBe(302);
    expect((await getListForStaff(reviewer, id)).status).toBe("complete");

    const { body } = await callJson<{
      list: { items: Array<{ files: Array<{ id: string }>; answer: string | null }> };
      history: Array<{ action: string; item: string | null }>;
    }>(detailPage.loader, { path: `/dashboard/requests/${id}`, as: staff, params: { id } });
    expect(body.list.items[0]!.files.map((stored) => stored.id)).toEqual([file!.id]);
    expect(body.list.items[1]!.answer).toBe("Rana M. Haddad");
    expect(body.history.map((entry) => [entry.action, entry.item])).toEqual([
      ["created", null],
      ["link_sent", null],
      ["submitted", null],
      ["item_returned", "Name as in the passport"],
      ["submitted", null],
      ["item_accepted", "Passport page"],
      ["item_accepted", "Name as in the passport"],
      ["completed", null],
    ]);

    // A closed list is not edited any more: the refusal comes back as a message, not a 500.
    const closed = await callJson<{ result: { error: Record<string, string[]> } }>(
      detailPage.action,
      page({ intent: "settings", title: "Renamed", dueDate: "2099-07-01" }),
    );
    expect(closed.status).toBe(409);
    expect(closed.body.result.error[""]).toEqual(["requests:errors.listClosed"]);

    // The uploaded file: staff with the feature download it; staff without it and another client do not.
    expect(await canReadRequestFile(reviewer, file!.id)).toBe(true);
    expect((await call(fileRoute.loader, { path: `/resources/files/${file!.id}`, as: staff, params: { id: file!.id } })).status).toBe(200);
    expect((await call(fileRoute.loader, { path: `/resources/files/${file!.id}`, as: staffOff, params: { id: file!.id } })).status).toBe(404);
    expect((await call(fileRoute.loader, { path: `/resources/files/${file!.id}`, as: cast.clientB, params: { id: file!.id } })).status).toBe(404);
  });

  it("lists the lists waiting for review, and edits and deletes a template", async () => {
    const { body } = await callJson<{ page: { items: Array<{ status: string }> } }>(listPage.loader, { path: "/dashboard/requests?view=review", as: staff });
    expect(body.page.items.every((item) => item.status === "submitted")).toBe(true);

    const reviewer = asActor(staff, ["requests"]);
    const template = (await listTemplates(reviewer, { serviceKey: "immigration", locale: "fr" }))[0]!;
    const path = `/dashboard/request-templates/${template.id}`;
    const saved = await call(templatePage.action, {
      path,
      method: "POST",
      as: staff,
      params: { id: template.id },
      body: form({ intent: "save", locale: "fr", title: "Dossier (court)", "items[0].kind": "confirmation", "items[0].label": "Je confirme." }),
    });
    expect(saved.status).toBe(302);
    expect((await listTemplates(reviewer)).find((candidate) => candidate.id === template.id)).toMatchObject({
      serviceKey: null,
      title: "Dossier (court)",
      items: [{ kind: "confirmation", label: "Je confirme.", required: false }],
    });
    expect((await call(templatePage.action, { path, method: "POST", as: staff, params: { id: template.id }, body: form({ intent: "delete" }) })).status).toBe(
      302,
    );
    expect((await listTemplates(reviewer)).some((candidate) => candidate.id === template.id)).toBe(false);
  });
});
