import { beforeAll, expect, it } from "vitest";
import * as fileRoute from "~/routes/resources+/files.$id";
import * as ordersRoute from "~/routes/api+/service-orders";
import * as ordersClientRoute from "~/routes/api+/service-orders.[client]";
import * as orderRoute from "~/routes/api+/service-orders.$id";
import * as orderStatusRoute from "~/routes/api+/service-orders.$id.status.$status";
import * as reportsRoute from "~/routes/api+/reports";
import * as reportsClientRoute from "~/routes/api+/reports.[client]";
import * as reportRoute from "~/routes/api+/reports.$id";
import * as reportReadRoute from "~/routes/api+/reports.$id.read";
import * as reportFeedbackRoute from "~/routes/api+/reports.$id.feedback";
import * as servicesRoute from "~/routes/api+/services";
import * as serviceRoute from "~/routes/api+/services.$id";
import * as tasksRoute from "~/routes/api+/tasks";
import * as taskRoute from "~/routes/api+/tasks.$id";
import * as taskCommentsRoute from "~/routes/api+/tasks.$id.comments";
import { createTask } from "~/features/tasks/tasks.server";
import { createReport } from "~/features/reports/reports.server";
import { addOrderNote, createOrder } from "~/features/service-orders/service-orders.server";
import { toJson } from "~/lib/db/connection.server";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { officeToday } from "~/core/office/today.server";
import { checkUpload, storeFile } from "~/lib/storage.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { describeEachDialect } from "../setup/database";
import { call, callJson } from "../support/api";
import { makeCast, type Cast, type TestUser } from "../support/factories";

type Person = TestUser | null;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function pdfUpload(name = "w2.pdf") {
  return checkUpload(new File([PDF], name, { type: "application/pdf" }));
}

/**
 * The rights matrix: client A (owner of the records), client B, admin, owner
 * and a signed-out caller × every read and write of orders, reports, services
 * and files, through the real API routes (Bearer tokens).
 */
describeEachDialect("rights matrix: orders, reports, services, files, tasks", (db) => {
  let cast: Cast;
  let orderId: string;
  let reportId: string;
  let orderFileId: string;
  let reportFileId: string;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    ({ id: orderId } = await createOrder(cast.clientA, { service: "translation", details: "Translate my diploma into English." }, [await pdfUpload()], "en"));
    ({ id: reportId } = await createReport(cast.admin, { clientId: cast.clientA.id, orderId, title: "Your translation", body: "Done **well**." }, [
      await pdfUpload("certificate.pdf"),
    ]));
    const files = await db().selectFrom("storedFiles").select(["id", "recordType"]).execute();
    orderFileId = files.find((file) => file.recordType === "service_order")!.id;
    reportFileId = files.find((file) => file.recordType === "report")!.id;
  });

  type Row = { who: keyof Cast; status: number };
  const everyone = (statuses: Record<keyof Cast, number>): Row[] => (Object.keys(statuses) as Array<keyof Cast>).map((who) => ({ who, status: statuses[who] }));

  async function expectMatrix(rows: Row[], run: (person: Person) => Promise<Response>) {
    for (const row of rows) {
      const response = await run(cast[row.who]);
      expect({ who: row.who, status: response.status }).toEqual({ who: row.who, status: row.status });
      if (response.status >= 400 && response.headers.get("content-type")?.includes("json")) {
        expect(typeof ((await response.json()) as { message?: unknown }).message).toBe("string");
      }
    }
  }

  it("GET /api/service-orders: staff see all, a client only its own", async () => {
    await createOrder(cast.clientB, { service: "notary", details: "Notarise my lease agreement." }, [], "en");
    const read = async (person: Person, handler = ordersRoute.loader, path = "/api/service-orders") => {
      const response = await call(handler, { path, as: person });
      return response.status === 200 ? ((await response.json()) as { orders: Array<{ clientId: string }>; total: number }) : response.status;
    };
    const a = await read(cast.clientA);
    expect(typeof a === "object" && a.orders.every((order) => order.clientId === cast.clientA.id) && a.total === 1).toBe(true);
    const b = await read(cast.clientB, ordersClientRoute.loader, "/api/service-orders/client");
    expect(typeof b === "object" && b.total === 1 && b.orders[0]!.clientId === cast.clientB.id).toBe(true);
    const admin = await read(cast.admin);
    expect(typeof admin === "object" && admin.total === 2).toBe(true);
    expect(await read(cast.anonymous)).toBe(401);
  });

  it("GET /api/service-orders/{id}: own or staff; others 404; signed out 401", async () => {
    await expectMatrix(everyone({ clientA: 200, clientB: 404, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      call(orderRoute.loader, { path: `/api/service-orders/${orderId}`, as: person, params: { id: orderId } }),
    );
    const response = await call(orderRoute.loader, { path: `/api/service-orders/${orderId}`, as: cast.clientA, params: { id: orderId } });
    const { order } = (await response.json()) as { order: { notes: unknown[]; files: unknown[] } };
    expect(order.notes).toEqual([]);
    expect(order.files).toHaveLength(1);
  });

  it("internal notes reach staff only", async () => {
    await addOrderNote(cast.admin, orderId, "Client prefers calls after 5 pm.");
    const read = async (person: Person) => {
      const response = await call(orderRoute.loader, { path: `/api/service-orders/${orderId}`, as: person, params: { id: orderId } });
      return ((await response.json()) as { order: { notes: Array<{ body: string }> } }).order.notes.map((note) => note.body);
    };
    expect(await read(cast.clientA)).toEqual([]);
    expect(await read(cast.owner)).toEqual(["Client prefers calls after 5 pm."]);
    await expect(addOrderNote(cast.clientA, orderId, "sneaky")).rejects.toMatchObject({ status: 403 });
  });

  it("a client without the features is refused (403)", async () => {
    await db()
      .updateTable("users")
      .set({ enabledFeatures: toJson([]) })
      .where("id", "=", cast.clientB.id)
      .execute();
    try {
      expect((await call(ordersRoute.loader, { path: "/api/service-orders", as: cast.clientB })).status).toBe(403);
      expect((await call(reportsClientRoute.loader, { path: "/api/reports/client", as: cast.clientB })).status).toBe(403);
    } finally {
      await db()
        .updateTable("users")
        .set({ enabledFeatures: toJson(["service_orders", "appointments", "reports"]) })
        .where("id", "=", cast.clientB.id)
        .execute();
    }
  });

  it("POST /api/service-orders: signed-in clients create; bad input is a 400 with a message", async () => {
    const body = { serviceId: "bookkeeping", details: "Monthly books for my shop, please." };
    await expectMatrix(everyone({ clientA: 201, clientB: 201, admin: 201, owner: 201, anonymous: 401 }), (person) =>
      call(ordersRoute.action, { path: "/api/service-orders", method: "POST", as: person, body }),
    );
    const invalid = await call(ordersRoute.action, {
      path: "/api/service-orders",
      method: "POST",
      as: cast.clientB,
      body: { serviceId: "bookkeeping", details: "" },
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toBe("details: Please give a few more details (at least 10 characters).");
    await expectMatrix([{ who: "clientA", status: 403 }], (person) =>
      call(ordersRoute.action, { path: "/api/service-orders", method: "POST", as: person, body: { ...body, clientId: cast.clientB.id } }),
    );
    await expectMatrix([{ who: "clientA", status: 400 }], (person) =>
      call(ordersRoute.action, {
        path: "/api/service-orders",
        method: "POST",
        as: person,
        body: { serviceId: "no_such_service", details: "Anything at all here." },
      }),
    );
  });

  it("POST /api/service-orders as multipart: documents checked by content", async () => {
    const send = async (file: File) => {
      const form = new FormData();
      form.set("serviceId", "translation");
      form.set("details", "Translate my transcript, three pages.");
      form.append("documents", file);
      return call(ordersRoute.action, { path: "/api/service-orders", method: "POST", as: cast.clientB, body: form });
    };
    const ok = await send(new File([PDF], "transcript.pdf"));
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { order: { files: Array<{ originalName: string }> } }).order.files.map((file) => file.originalName)).toEqual([
      "transcript.pdf",
    ]);
    const refused = await send(new File([Buffer.from("MZ\0\0not a pdf")], "transcript.pdf"));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain("transcript.pdf is not an accepted document type");
    // A body that says multipart but has no boundary is bad input (400 JSON), not a server error.
    const broken = await call(ordersRoute.action, {
      path: "/api/service-orders",
      method: "POST",
      as: cast.clientB,
      body: new URLSearchParams({ serviceId: "translation" }),
      headers: { "Content-Type": "multipart/form-data" },
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toBe("Invalid JSON body");
  });

  it("PATCH /api/service-orders/{id}: details by the client while pending, the rest staff only", async () => {
    const patch = (person: Person, body: unknown) =>
      call(orderRoute.action, { path: `/api/service-orders/${orderId}`, method: "PATCH", as: person, body, params: { id: orderId } });
    await expectMatrix(everyone({ clientA: 200, clientB: 404, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      patch(person, { details: "Translate my diploma and transcript." }),
    );
    await expectMatrix(everyone({ clientA: 403, clientB: 404, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      patch(person, { priceCents: 12000, quoteNote: "Two pages" }),
    );
    const order = await db().selectFrom("serviceOrders").select(["priceCents", "details"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ priceCents: 12000, details: "Translate my diploma and transcript." });
  });

  it("PUT/PATCH /api/service-orders/{id}/status/{status}: the machine and the role decide", async () => {
    const move = (person: Person, id: string, status: string, method = "PUT") =>
      call(orderStatusRoute.action, { path: `/api/service-orders/${id}/status/${status}`, method, as: person, body: { note: "ok" }, params: { id, status } });
    await expectMatrix(everyone({ clientA: 403, clientB: 404, admin: 200, owner: 409, anonymous: 401 }), (person) => move(person, orderId, "in_review"));
    expect((await move(cast.admin, orderId, "completed", "PATCH")).status).toBe(409);
    const { id: other } = await createOrder(cast.clientA, { service: "notary", details: "One more notarisation." }, [], "en");
    await expectMatrix(everyone({ clientB: 404, anonymous: 401, clientA: 200, admin: 409, owner: 409 }), (person) => move(person, other, "cancelled"));
    expect((await move(cast.admin, other, "nonsense")).status).toBe(400);
  });

  it("DELETE /api/service-orders/{id}: staff only", async () => {
    const { id } = await createOrder(cast.clientA, { service: "notary", details: "An order to delete later." }, [], "en");
    await expectMatrix(everyone({ clientA: 403, clientB: 404, anonymous: 401, admin: 200, owner: 404 }), (person) =>
      call(orderRoute.action, { path: `/api/service-orders/${id}`, method: "DELETE", as: person, params: { id } }),
    );
  });

  it("reports: reads, writes, read marker and feedback", async () => {
    const path = `/api/reports/${reportId}`;
    await expectMatrix(everyone({ clientA: 200, clientB: 404, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      call(reportRoute.loader, { path, as: person, params: { id: reportId } }),
    );
    const list = await call(reportsClientRoute.loader, { path: "/api/reports/client", as: cast.clientB });
    expect(((await list.json()) as { total: number }).total).toBe(0);
    const all = await call(reportsRoute.loader, { path: "/api/reports", as: cast.owner });
    expect(((await all.json()) as { total: number }).total).toBeGreaterThan(0);

    const body = { clientId: cast.clientA.id, orderId, title: "Another report", body: "# Heading\n\nText" };
    await expectMatrix(everyone({ clientA: 403, clientB: 403, admin: 201, owner: 201, anonymous: 401 }), (person) =>
      call(reportsRoute.action, { path: "/api/reports", method: "POST", as: person, body }),
    );
    // an order of another client cannot be attached
    await expectMatrix([{ who: "admin", status: 400 }], (person) =>
      call(reportsRoute.action, { path: "/api/reports", method: "POST", as: person, body: { ...body, clientId: cast.clientB.id } }),
    );

    await expectMatrix(everyone({ clientA: 403, clientB: 404, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      call(reportRoute.action, { path, method: "PATCH", as: person, body: { title: "Your certified translation" }, params: { id: reportId } }),
    );
    await expectMatrix(everyone({ clientA: 200, clientB: 404, admin: 403, owner: 403, anonymous: 401 }), (person) =>
      call(reportReadRoute.action, { path: `${path}/read`, method: "PUT", as: person, params: { id: reportId } }),
    );
    await expectMatrix(everyone({ clientA: 200, clientB: 404, admin: 403, owner: 403, anonymous: 401 }), (person) =>
      call(reportFeedbackRoute.action, {
        path: `${path}/feedback`,
        method: "POST",
        as: person,
        body: { rating: 5, comment: "Quick and clear" },
        params: { id: reportId },
      }),
    );
    await expectMatrix([{ who: "clientA", status: 400 }], (person) =>
      call(reportFeedbackRoute.action, { path: `${path}/feedback`, method: "POST", as: person, body: { rating: 9 }, params: { id: reportId } }),
    );
    const stored = await db()
      .selectFrom("reports")
      .select(["readAt", "feedbackRating", "feedbackComment"])
      .where("id", "=", reportId)
      .executeTakeFirstOrThrow();
    expect(stored.readAt).not.toBeNull();
    expect([stored.feedbackRating, stored.feedbackComment]).toEqual([5, "Quick and clear"]);
  });

  it("tasks: staff only; a client reaches none (403), an unknown task is 404", async () => {
    const { id } = await createTask({ id: cast.admin.id, role: "admin", enabledFeatures: [] }, { title: "Call the consulate", orderId });
    const params = { id };
    await expectMatrix(everyone({ clientA: 403, clientB: 403, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      call(tasksRoute.loader, { path: "/api/tasks", as: person }),
    );
    await expectMatrix(everyone({ clientA: 403, clientB: 403, admin: 201, owner: 201, anonymous: 401 }), (person) =>
      call(tasksRoute.action, { path: "/api/tasks", method: "POST", as: person, body: { title: "Follow up" } }),
    );
    await expectMatrix(everyone({ clientA: 403, clientB: 403, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      call(taskRoute.loader, { path: `/api/tasks/${id}`, as: person, params }),
    );
    await expectMatrix(everyone({ clientA: 403, clientB: 403, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      call(taskRoute.action, { path: `/api/tasks/${id}`, method: "PATCH", as: person, params, body: { priority: "high" } }),
    );
    await expectMatrix(everyone({ clientA: 403, clientB: 403, admin: 200, owner: 200, anonymous: 401 }), (person) =>
      call(taskCommentsRoute.loader, { path: `/api/tasks/${id}/comments`, as: person, params }),
    );
    await expectMatrix(everyone({ clientA: 403, clientB: 403, admin: 201, owner: 201, anonymous: 401 }), (person) =>
      call(taskCommentsRoute.action, { path: `/api/tasks/${id}/comments`, method: "POST", as: person, params, body: { body: "Noted." } }),
    );
    await expectMatrix(everyone({ clientA: 403, clientB: 403, admin: 200, owner: 404, anonymous: 401 }), (person) =>
      call(taskRoute.action, { path: `/api/tasks/${id}`, method: "DELETE", as: person, params }),
    );
    await expectMatrix([{ who: "admin", status: 404 }], (person) => call(taskRoute.loader, { path: "/api/tasks/nope", as: person, params: { id: "nope" } }));
  });

  it("report bodies are rendered as sanitised Markdown", async () => {
    const { id } = await createReport(
      cast.admin,
      { clientId: cast.clientA.id, title: "Unsafe", body: "**bold** <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>" },
      [],
    );
    const response = await call(reportRoute.loader, { path: `/api/reports/${id}`, as: cast.clientA, params: { id } });
    const { report } = (await response.json()) as { report: { bodyHtml: string } };
    expect(report.bodyHtml).toContain("<strong>bold</strong>");
    expect(report.bodyHtml).not.toMatch(/<script|javascript:|onerror|<img/);
    await expectMatrix(everyone({ clientA: 403, clientB: 404, anonymous: 401, owner: 200, admin: 404 }), (person) =>
      call(reportRoute.action, { path: `/api/reports/${id}`, method: "DELETE", as: person, params: { id } }),
    );
  });

  it("services: public reads, staff writes", async () => {
    await expectMatrix(everyone({ clientA: 200, clientB: 200, admin: 200, owner: 200, anonymous: 200 }), (person) =>
      call(servicesRoute.loader, { path: "/api/services", as: person }),
    );
    await expectMatrix([{ who: "anonymous", status: 200 }], (person) =>
      call(serviceRoute.loader, { path: "/api/services/notary", as: person, params: { id: "notary" } }),
    );
    const t = { title: "Apostille", description: "Apostille help", fullDescription: "We prepare apostille requests." };
    const body = { key: "apostille", translations: { en: t, ar: t, fr: t } };
    await expectMatrix(everyone({ clientA: 403, clientB: 403, anonymous: 401, admin: 201, owner: 409 }), (person) =>
      call(servicesRoute.action, { path: "/api/services", method: "POST", as: person, body }),
    );
    const created = await db().selectFrom("services").select("id").where("key", "=", "apostille").executeTakeFirstOrThrow();
    await expectMatrix(everyone({ clientA: 403, anonymous: 401, admin: 200 } as Record<keyof Cast, number>), (person) =>
      call(serviceRoute.action, {
        path: `/api/services/${created.id}`,
        method: "PATCH",
        as: person,
        body: { priceFromCents: 5000 },
        params: { id: created.id },
      }),
    );
    await expectMatrix(everyone({ clientA: 403, anonymous: 401, owner: 200 } as Record<keyof Cast, number>), (person) =>
      call(serviceRoute.action, { path: `/api/services/${created.id}`, method: "DELETE", as: person, params: { id: created.id } }),
    );
    // The audit trail has the creation, the edits and the deletion (never ordered, it is removed rather than hidden); no refused attempt is in it.
    const trail = await db()
      .selectFrom("auditLog")
      .select(["action", "actorId"])
      .where("targetType", "=", "service")
      .where("targetId", "=", created.id)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    expect(trail[0]).toEqual({ action: "service.created", actorId: cast.admin.id });
    expect(trail.at(-1)?.action).toBe("service.deleted");
    expect(trail.filter((entry) => entry.action === "service.updated").length).toBeGreaterThan(0);
    expect(trail.some((entry) => entry.actorId === cast.clientA.id)).toBe(false);
  });

  it("files: downloaded only by whoever may read the record, as attachments with nosniff", async () => {
    for (const fileId of [orderFileId, reportFileId]) {
      await expectMatrix(everyone({ clientA: 200, clientB: 404, admin: 200, owner: 200, anonymous: 302 }), (person) =>
        call(fileRoute.loader, { path: `/resources/files/${fileId}`, as: person, params: { id: fileId } }),
      );
    }
    const response = await call(fileRoute.loader, { path: `/resources/files/${orderFileId}`, as: cast.clientA, params: { id: orderFileId } });
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="w2\.pdf"/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    // a file tied to no record the caller owns (someone else's avatar) stays hidden
    const avatar = await storeFile(await pdfUpload("x.pdf"), { uploadedBy: cast.clientB.id, recordType: "avatar", recordId: cast.clientB.id });
    expect((await call(fileRoute.loader, { path: `/resources/files/${avatar.id}`, as: cast.clientA, params: { id: avatar.id } })).status).toBe(404);
    expect((await call(fileRoute.loader, { path: "/resources/files/nope", as: cast.clientA, params: { id: "nope" } })).status).toBe(404);
  });

  it("translates the status inside notification texts", async () => {
    const t = await getFixedT("fr", "orders");
    expect(t("notifications.statusChanged.body", { reference: "SO-1", status: "completed" })).toBe("Votre commande SO-1 est désormais : Terminée.");
  });

  const fr = { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" };
  const ar = { "Accept-Language": "ar" };
  const translators = async () => [await getFixedT("fr", ["orders", "reports", "common"]), await getFixedT("ar", ["orders", "reports", "common"])] as const;
  const message = async (response: Promise<Response>) => {
    const answer = await response;
    return { status: answer.status, message: ((await answer.json()) as { message: string }).message };
  };

  it("orders: refusals in the caller's language (Accept-Language, else the saved language)", async () => {
    const [tFr, tAr] = await translators();
    const foreign = { path: `/api/service-orders/${orderId}`, as: cast.clientB, params: { id: orderId } };
    expect(await message(call(orderRoute.loader, { ...foreign, headers: fr }))).toEqual({ status: 404, message: "Cette commande est introuvable." });
    expect(await message(call(orderRoute.loader, { ...foreign, headers: ar }))).toEqual({ status: 404, message: "لم يُعثر على هذا الطلب." });
    expect(
      await message(
        call(ordersRoute.action, {
          path: "/api/service-orders",
          method: "POST",
          as: cast.clientB,
          body: { serviceId: "notary", details: "short" },
          headers: ar,
        }),
      ),
    ).toEqual({
      status: 400,
      message: `details: ${tAr("orders:errors.detailsTooShort")}`,
    });
    const { id: closed } = await createOrder(cast.clientB, { service: "notary", details: "An order to close at once." }, [], "en");
    await call(orderStatusRoute.action, {
      path: `/api/service-orders/${closed}/status/cancelled`,
      method: "PUT",
      as: cast.admin,
      params: { id: closed, status: "cancelled" },
    });
    expect(
      await message(
        call(orderStatusRoute.action, {
          path: `/api/service-orders/${closed}/status/in_review`,
          method: "PUT",
          as: cast.admin,
          params: { id: closed, status: "in_review" },
          headers: fr,
        }),
      ),
    ).toEqual({
      status: 409,
      message: tFr("orders:errors.transitionNotAllowed"),
    });
    expect(await message(call(orderStatusRoute.loader, { path: `/api/service-orders/${closed}/status/in_review`, as: cast.admin, headers: fr }))).toEqual({
      status: 405,
      message: "Méthode non autorisée",
    });
    // no header: the signed-in caller's saved language (client A reads French)
    expect(await message(call(orderRoute.loader, { path: "/api/service-orders/nope", as: cast.clientA, params: { id: "nope" } }))).toEqual({
      status: 404,
      message: "Cette commande est introuvable.",
    });
    for (const key of ["orders:errors.detailsTooShort", "orders:errors.transitionNotAllowed"]) expect([tFr(key), tAr(key)]).not.toContain(key);
  });

  it("reports: refusals in the caller's language", async () => {
    const [, tAr] = await translators();
    const report = { path: `/api/reports/${reportId}`, as: cast.clientB, params: { id: reportId } };
    expect(await message(call(reportRoute.loader, { ...report, headers: ar }))).toEqual({ status: 404, message: "لم يتم العثور على هذا التقرير." });
    expect(await message(call(reportRoute.loader, { ...report, headers: fr }))).toEqual({ status: 404, message: "Ce rapport est introuvable." });
    expect(
      await message(
        call(reportFeedbackRoute.action, {
          path: `/api/reports/${reportId}/feedback`,
          method: "POST",
          as: cast.clientA,
          body: { rating: 0 },
          params: { id: reportId },
          headers: ar,
        }),
      ),
    ).toEqual({ status: 400, message: `rating: ${tAr("reports:errors.ratingRange")}` });
    expect(tAr("reports:errors.ratingRange")).not.toBe("reports:errors.ratingRange");
  });

  it("services: refusals in the caller's language", async () => {
    const [tFr, tAr] = await translators();
    const t = { title: "X", description: "Y", fullDescription: "Z" };
    expect(
      await message(
        call(servicesRoute.action, {
          path: "/api/services",
          method: "POST",
          as: cast.admin,
          body: { key: "Bad Key", translations: { en: t, ar: t, fr: t } },
          headers: fr,
        }),
      ),
    ).toEqual({
      status: 400,
      message: `key: ${tFr("orders:errors.serviceKeyInvalid")}`,
    });
    expect(await message(call(serviceRoute.loader, { path: "/api/services/nope", as: null, params: { id: "nope" }, headers: ar }))).toEqual({
      status: 404,
      message: tAr("orders:errors.serviceNotFound"),
    });
    expect(await message(call(servicesRoute.action, { path: "/api/services", method: "POST", as: cast.clientA, body: {}, headers: ar }))).toEqual({
      status: 403,
      message: tAr("common:api.forbidden"),
    });
    for (const key of ["orders:errors.serviceKeyInvalid", "orders:errors.serviceNotFound", "common:api.forbidden"])
      expect([tFr(key), tAr(key)]).not.toContain(key);
  });

  it("lists take page and perPage (limit and pageSize too), answer the page fields, and ignore bad values", async () => {
    for (const size of ["perPage", "limit", "pageSize"]) {
      const { status, body } = await callJson<{
        orders: unknown[];
        page: number;
        perPage: number;
        total: number;
        pageCount: number;
        totalCapped: boolean;
        nextCursor: string;
      }>(ordersRoute.loader, {
        path: `/api/service-orders?${size}=1&page=2`,
        as: cast.admin,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ page: 2, perPage: 1, totalCapped: false });
      expect(body.orders).toHaveLength(1);
      expect(body.pageCount).toBe(body.total);
      // The next page's cursor leads to the row that page 3 shows.
      const third = await callJson<{ orders: Array<{ id: string }> }>(ordersRoute.loader, { path: `/api/service-orders?${size}=1&page=3`, as: cast.admin });
      const byCursor = await callJson<{ orders: Array<{ id: string }> }>(ordersRoute.loader, {
        path: `/api/service-orders?${size}=1&after=${body.nextCursor}`,
        as: cast.admin,
      });
      expect(byCursor.body.orders.map((order) => order.id)).toEqual(third.body.orders.map((order) => order.id));
    }
    const bad = await callJson<{ orders: unknown[]; page: number; perPage: number }>(ordersRoute.loader, {
      path: "/api/service-orders?page=abc&perPage=500&status=nonsense&sort=sideways",
      as: cast.admin,
    });
    expect(bad.status).toBe(200);
    expect([bad.body.page, bad.body.perPage]).toEqual([1, 100]);
    const reports = await callJson<{ reports: unknown[]; perPage: number; total: number }>(reportsRoute.loader, {
      path: "/api/reports?limit=1",
      as: cast.owner,
    });
    expect(reports.body.perPage).toBe(1);
    expect(reports.body.reports).toHaveLength(1);
    expect(reports.body.total).toBeGreaterThan(1);
  });

  it("refuses a due date before today (the office's calendar) and a price above $1,000,000", async () => {
    const { id } = await createOrder(cast.clientA, { service: "notary", details: "Notarise two affidavits." }, [], "en");
    const patch = (body: Record<string, unknown>) =>
      callJson<{ message?: string }>(orderRoute.action, { path: `/api/service-orders/${id}`, method: "PATCH", as: cast.admin, body, params: { id } });
    const today = await officeToday();
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await patch({ dueDate: yesterday })).toMatchObject({ status: 400, body: { message: "The due date cannot be in the past." } });
    expect((await patch({ dueDate: today })).status).toBe(200);
    expect(await patch({ priceCents: 9_999_999_999_900 })).toMatchObject({
      status: 400,
      body: { message: "priceCents: The price cannot be more than $1,000,000." },
    });
    expect((await patch({ priceCents: 100_000_000 })).status).toBe(200);
    // a due date that has passed since it was set stays when other fields change
    await db().updateTable("serviceOrders").set({ dueDate: yesterday }).where("id", "=", id).execute();
    expect((await patch({ dueDate: yesterday, quoteNote: "Two affidavits, one visit." })).status).toBe(200);
  });
});
