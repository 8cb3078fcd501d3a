import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { issueRequestLink } from "~/features/requests/request-links.server";
import { createTemplate } from "~/features/requests/request-templates.server";
import { TemplateSchema } from "~/features/requests/requests.schema";
import { createOrder } from "~/features/service-orders/service-orders.server";
import * as linkRoute from "~/routes/_auth+/r.$token";
import * as meRoute from "~/routes/api+/auth.me";
import * as listsRoute from "~/routes/api+/request-lists";
import * as listRoute from "~/routes/api+/request-lists.$id";
import * as cancelRoute from "~/routes/api+/request-lists.$id.cancel";
import * as acceptRoute from "~/routes/api+/request-lists.$id.items.$itemId.accept";
import * as answerRoute from "~/routes/api+/request-lists.$id.items.$itemId.answer";
import * as filesRoute from "~/routes/api+/request-lists.$id.items.$itemId.files";
import * as notApplicableRoute from "~/routes/api+/request-lists.$id.items.$itemId.not-applicable";
import * as returnRoute from "~/routes/api+/request-lists.$id.items.$itemId.return";
import * as resendRoute from "~/routes/api+/request-lists.$id.resend-link";
import * as submitRoute from "~/routes/api+/request-lists.$id.submit";
import { call, callJson, type CallOptions } from "../support/api";
import { describeEachDialect } from "../setup/database";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = Parameters<typeof call>[0];
const api = (handler: Handler, options: CallOptions) => callJson<Json>(handler, { ...options, headers: { "x-client-ip": "198.51.100.7", ...options.headers } });
const post = (handler: Handler, path: string, as: TestUser | null, body: unknown, params: Record<string, string>) =>
  api(handler, { path, method: "POST", as, body, params });

const pdfForm = (...names: string[]) => {
  const form = new FormData();
  for (const name of names) form.append("files", new File([`%PDF-1.4\n% ${name}\n%%EOF\n`], name, { type: "application/pdf" }));
  return form;
};

describeEachDialect("request lists API", (db) => {
  let cast: Cast;
  let staffOn: TestUser;
  let staffOff: TestUser;
  let orderId: string;
  let templateId: string;

  const listPath = (id: string) => `/api/request-lists/${id}`;
  const itemPath = (id: string, itemId: string, step: string) => `/api/request-lists/${id}/items/${itemId}/${step}`;
  const create = (as: TestUser | null, body: Json) => api(listsRoute.action, { path: "/api/request-lists", method: "POST", as, body });
  const read = (as: TestUser | null, id: string) => api(listRoute.loader, { path: listPath(id), as, params: { id } });

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    staffOn = await makeUser(db(), { role: "staff", features: ["requests"] });
    staffOff = await makeUser(db(), { role: "staff", features: ["tasks"] });
    ({ id: orderId } = await createOrder(cast.clientA, { service: "translation", details: "Translate my diploma into English." }, [], "en"));
    ({ id: templateId } = await createTemplate(
      { id: staffOn.id, role: "staff", enabledFeatures: ["requests"] },
      TemplateSchema.parse({
        locale: "en",
        title: "Translation originals",
        message: "Scan both sides.",
        items: [
          { kind: "document", label: "Your diploma, both sides" },
          { kind: "question", answerType: "short_text", label: "Your name as in your passport" },
          { kind: "confirmation", label: "The scans are complete", required: false },
        ],
      }),
    ));
  });

  it("staff with the feature create a list from a template on the client's order; no one else may", async () => {
    const body = { clientId: cast.clientA.id, serviceOrderId: orderId, templateId, dueDate: "2099-03-01" };
    const created = await create(staffOn, body);
    expect(created.status).toBe(201);
    expect(created.body.requestList).toMatchObject({
      title: "Translation originals",
      message: "Scan both sides.",
      status: "open",
      serviceOrderId: orderId,
      itemCount: 3,
      items: [{ kind: "document", state: "todo" }, { kind: "question" }, { kind: "confirmation", required: false }],
    });
    expect((await create(staffOff, body)).status).toBe(403);
    expect((await create(cast.clientA, body)).status).toBe(403);
    expect((await create(null, body)).status).toBe(401);
    // Bad input: a clear 400 naming the field, never a 500.
    const bad = await create(staffOn, { clientId: cast.clientA.id, dueDate: "2099-02-30", items: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("dueDate");
    const foreignOrder = await create(staffOn, { ...body, clientId: cast.clientB.id });
    expect([foreignOrder.status, foreignOrder.body.message]).toEqual([400, "Choose one of this client's orders."]);
    expect((await create(staffOn, { ...body, templateId: "missing" })).status).toBe(404);
  });

  it("lists: staff page every list with filters, a client sees their own only, staff without the feature nothing", async () => {
    const { body } = await create(staffOn, {
      clientId: cast.clientB.id,
      title: "B's papers",
      dueDate: "2099-05-01",
      items: [{ kind: "document", label: "ID" }],
    });
    const bId = body.requestList.id as string;
    const staffPage = await api(listsRoute.loader, { path: `/api/request-lists?clientId=${cast.clientB.id}&perPage=5`, as: staffOn });
    expect(staffPage.status).toBe(200);
    expect(staffPage.body.requestLists.map((list: Json) => list.id)).toEqual([bId]);
    expect(staffPage.body).toMatchObject({ page: 1, perPage: 5 });
    const ofA = await api(listsRoute.loader, { path: "/api/request-lists", as: cast.clientA });
    expect(ofA.body.requestLists.length).toBeGreaterThan(0);
    expect(ofA.body.requestLists.every((list: Json) => list.clientId === cast.clientA.id)).toBe(true);
    const ofB = await api(listsRoute.loader, { path: "/api/request-lists", as: cast.clientB });
    expect(ofB.body.requestLists.map((list: Json) => list.id)).toEqual([bId]);
    expect((await api(listsRoute.loader, { path: "/api/request-lists", as: staffOff })).status).toBe(403);
    expect((await api(listsRoute.loader, { path: "/api/request-lists", as: null })).status).toBe(401);
    // Reading one: its client and staff with the feature; client B gets 404, staff without the feature 403.
    expect((await read(cast.clientB, bId)).status).toBe(200);
    expect((await read(staffOn, bId)).status).toBe(200);
    expect((await read(cast.admin, bId)).status).toBe(200);
    expect((await read(cast.clientA, bId)).status).toBe(404);
    expect((await read(staffOff, bId)).status).toBe(403);
    expect((await read(cast.clientA, "missing")).status).toBe(404);
  });

  it("the client answers, uploads, marks not applicable and submits; staff return and accept; the list completes", async () => {
    const { body } = await create(staffOn, { clientId: cast.clientA.id, serviceOrderId: orderId, templateId, dueDate: "2099-03-01" });
    const id = body.requestList.id as string;
    const [diploma, name, scans] = body.requestList.items as Json[];
    const params = (itemId: string) => ({ id, itemId });

    // Client B, staff, and an item of another list: refused.
    expect((await post(answerRoute.action, itemPath(id, name!.id, "answer"), cast.clientB, { answer: "X" }, params(name!.id))).status).toBe(404);
    expect((await post(answerRoute.action, itemPath(id, name!.id, "answer"), staffOn, { answer: "X" }, params(name!.id))).status).toBe(403);
    const other = await create(staffOn, { clientId: cast.clientA.id, title: "Other", dueDate: "2099-03-01", items: [{ kind: "document", label: "Other" }] });
    const otherItem = other.body.requestList.items[0].id as string;
    expect((await post(answerRoute.action, itemPath(id, otherItem, "answer"), cast.clientA, { answer: "X" }, params(otherItem))).status).toBe(404);

    const answered = await post(answerRoute.action, itemPath(id, name!.id, "answer"), cast.clientA, { answer: "Maria LOPEZ" }, params(name!.id));
    expect(answered.status).toBe(200);
    expect(answered.body.item).toMatchObject({ state: "answered", answer: "Maria LOPEZ" });
    expect((await post(answerRoute.action, itemPath(id, name!.id, "answer"), cast.clientA, { answer: " " }, params(name!.id))).status).toBe(400);

    const upload = (as: TestUser, form: FormData) =>
      api(filesRoute.action, { path: itemPath(id, diploma!.id, "files"), method: "POST", as, body: form, params: params(diploma!.id) });
    expect((await upload(cast.clientB, pdfForm("x.pdf"))).status).toBe(404);
    const refused = new FormData();
    refused.append("files", new File(["MZ not a document"], "tool.exe", { type: "application/octet-stream" }));
    const bad = await upload(cast.clientA, refused);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("tool.exe");
    const uploaded = await upload(cast.clientA, pdfForm("front.pdf", "back.pdf"));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.item.state).toBe("uploaded");
    expect(uploaded.body.item.files.map((file: Json) => file.originalName)).toEqual(["front.pdf", "back.pdf"]);
    // They are the order's documents.
    const stored = await db()
      .selectFrom("storedFiles")
      .select("originalName")
      .where("recordType", "=", "service_order")
      .where("recordId", "=", orderId)
      .execute();
    expect(stored.map((file) => file.originalName)).toEqual(expect.arrayContaining(["front.pdf", "back.pdf"]));

    const na = await post(notApplicableRoute.action, itemPath(id, scans!.id, "not-applicable"), cast.clientA, { reason: "One side only" }, params(scans!.id));
    expect(na.body.item).toMatchObject({ state: "not_applicable", notApplicableReason: "One side only" });
    expect((await post(notApplicableRoute.action, itemPath(id, scans!.id, "not-applicable"), cast.clientA, {}, params(scans!.id))).status).toBe(400);

    expect((await post(submitRoute.action, `${listPath(id)}/submit`, cast.clientB, {}, { id })).status).toBe(404);
    const submitted = await post(submitRoute.action, `${listPath(id)}/submit`, cast.clientA, {}, { id });
    expect(submitted.body.requestList.status).toBe("submitted");
    expect((await post(submitRoute.action, `${listPath(id)}/submit`, cast.clientA, {}, { id })).status).toBe(409);

    // Review: clients and staff without the feature may not; a return needs a note.
    expect((await post(acceptRoute.action, itemPath(id, name!.id, "accept"), cast.clientA, {}, params(name!.id))).status).toBe(403);
    expect((await post(acceptRoute.action, itemPath(id, name!.id, "accept"), staffOff, {}, params(name!.id))).status).toBe(403);
    expect((await post(returnRoute.action, itemPath(id, name!.id, "return"), staffOn, {}, params(name!.id))).status).toBe(400);
    const returned = await post(returnRoute.action, itemPath(id, name!.id, "return"), staffOn, { note: "As in the passport, please." }, params(name!.id));
    expect(returned.body.requestList).toMatchObject({ status: "open" });
    await post(answerRoute.action, itemPath(id, name!.id, "answer"), cast.clientA, { answer: "María López" }, params(name!.id));
    await post(submitRoute.action, `${listPath(id)}/submit`, cast.clientA, {}, { id });
    expect((await post(acceptRoute.action, itemPath(id, diploma!.id, "accept"), staffOn, {}, params(diploma!.id))).body.listComplete).toBe(false);
    const done = await post(acceptRoute.action, itemPath(id, name!.id, "accept"), staffOn, { note: "Thanks" }, params(name!.id));
    expect(done.body).toMatchObject({ listComplete: true, requestList: { status: "complete" } });
    expect((await post(cancelRoute.action, `${listPath(id)}/cancel`, staffOn, {}, { id })).status).toBe(409);
  });

  it("staff cancel and resend links; the client may do neither", async () => {
    const { body } = await create(staffOn, {
      clientId: cast.clientA.id,
      title: "Cancel me",
      dueDate: "2099-03-01",
      items: [{ kind: "document", label: "Any" }],
    });
    const id = body.requestList.id as string;
    expect((await post(resendRoute.action, `${listPath(id)}/resend-link`, cast.clientA, {}, { id })).status).toBe(403);
    expect((await post(resendRoute.action, `${listPath(id)}/resend-link`, staffOff, {}, { id })).status).toBe(403);
    const resent = await post(resendRoute.action, `${listPath(id)}/resend-link`, staffOn, {}, { id });
    expect(resent.status).toBe(200);
    expect(resent.body.sent).toBe(true);
    const fr = await api(resendRoute.action, {
      path: `${listPath(id)}/resend-link`,
      method: "POST",
      as: staffOn,
      params: { id },
      headers: { "accept-language": "fr" },
    });
    expect(fr.body.message).toContain("nouveau lien");
    expect((await post(cancelRoute.action, `${listPath(id)}/cancel`, cast.clientA, {}, { id })).status).toBe(403);
    const cancelled = await post(cancelRoute.action, `${listPath(id)}/cancel`, staffOn, { reason: "Not needed" }, { id });
    expect(cancelled.body.requestList).toMatchObject({ status: "cancelled", cancelReason: "Not needed" });
    expect((await post(resendRoute.action, `${listPath(id)}/resend-link`, staffOn, {}, { id })).status).toBe(409);
  });

  it("a link's restricted session reaches no API: not its own list, not another, not /api/auth/me", async () => {
    const { body } = await create(staffOn, { clientId: cast.clientA.id, title: "Linked", dueDate: "2099-03-01", items: [{ kind: "document", label: "Any" }] });
    const id = body.requestList.id as string;
    const token = /\/r\/([A-Za-z0-9_-]{43})/.exec((await issueRequestLink(id))!)![1]!;
    const opened = await call(linkRoute.loader, { path: `/r/${token}`, params: { token } });
    const cookie = opened.headers.get("set-cookie")!.split(";")[0]!;
    const withCookie = (handler: Handler, path: string, params: Record<string, string> = {}) => api(handler, { path, as: null, params, headers: { cookie } });
    expect((await withCookie(listRoute.loader, listPath(id), { id })).status).toBe(401);
    expect((await withCookie(listsRoute.loader, "/api/request-lists")).status).toBe(401);
    expect((await withCookie(meRoute.loader, "/api/auth/me")).status).toBe(401);
    const answered = await api(answerRoute.action, {
      path: itemPath(id, body.requestList.items[0].id, "answer"),
      method: "POST",
      as: null,
      body: { answer: "x" },
      params: { id, itemId: body.requestList.items[0].id },
      headers: { cookie },
    });
    expect(answered.status).toBe(401);
  });
});
