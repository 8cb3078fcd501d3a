import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import * as newOrderPage from "~/routes/client+/service-orders.new";
import * as newReportPage from "~/routes/dashboard+/reports.new";
import * as newOrderUpload from "~/routes/resources+/uploads.client.service-orders.new";
import * as newReportUpload from "~/routes/resources+/uploads.dashboard.reports.new";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { makeCast, type Cast } from "../support/factories";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function formOf(fields: Record<string, string>, files: Array<[string, File]> = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, file] of files) form.append(name, file);
  return form;
}

type Answer = { result: { status: string; error?: Record<string, string[]> }; fileErrors: Array<{ key: string; name: string }> };

/**
 * The two forms that make a record with its documents (a client's new order, staff's new report), as a
 * plain form post and as the progress-bar upload: field and file errors answered together, the typed
 * values kept; the record made, with its documents, and the page sent to it with its toast.
 */
describeEachDialect("forms that make a record with documents", (db) => {
  let cast: Cast;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
  });

  const filesOf = (recordId: string) => db().selectFrom("storedFiles").select("originalName").where("recordId", "=", recordId).execute();

  it("a new order: errors together, else the order with its documents", async () => {
    const refused = await call(newOrderPage.action, {
      path: "/client/service-orders/new",
      method: "POST",
      as: cast.clientA,
      body: formOf({ service: "" }, [["documents", new File([Buffer.from("MZ\0\0")], "w2.pdf")]]),
    });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as Answer;
    expect(answer.result.status).toBe("error");
    expect(answer.result.error?.service).toEqual(["orders:errors.serviceRequired"]);
    expect(answer.fileErrors.map((error) => error.name)).toEqual(["w2.pdf"]);

    // Fields right, a file refused: the form says to fix the files.
    const fileRefused = await call(newOrderPage.action, {
      path: "/client/service-orders/new",
      method: "POST",
      as: cast.clientA,
      body: formOf({ service: "translation", details: "Translate my W-2, two pages." }, [["documents", new File([Buffer.from("MZ\0\0")], "w2.pdf")]]),
    });
    expect(fileRefused.status).toBe(400);
    expect(((await fileRefused.json()) as Answer).result.error?.[""]).toEqual(["orders:files.errors.fix"]);

    const made = await call(newOrderPage.action, {
      path: "/client/service-orders/new",
      method: "POST",
      as: cast.clientA,
      body: formOf({ service: "translation", details: "Translate my W-2, two pages." }, [["documents", new File([PDF], "w2.pdf")]]),
    });
    expect(made.status).toBe(302);
    const orderId = /^\/client\/service-orders\/([^/?]+)$/.exec(made.headers.get("Location") ?? "")?.[1];
    expect(orderId).toBeTruthy();
    expect(made.headers.get("Set-Cookie")).toBeTruthy();
    expect(await filesOf(orderId!)).toEqual([{ originalName: "w2.pdf" }]);

    // The progress-bar upload gets JSON: where to go, and the toast.
    const uploaded = await call(newOrderUpload.action, {
      path: "/resources/uploads/client/service-orders/new",
      method: "POST",
      as: cast.clientA,
      headers: { "x-upload": "progress" },
      body: formOf({ service: "translation", details: "Translate my 1099, one page." }, [["documents", new File([PDF], "1099.pdf")]]),
    });
    expect(uploaded.status).toBe(200);
    const { redirectTo, toast } = (await uploaded.json()) as { redirectTo: string; toast: { type: string; message: string; params: { reference: string } } };
    expect(redirectTo).toMatch(/^\/client\/service-orders\/[^/]+$/);
    expect(toast).toMatchObject({ type: "success", message: "orders:new.created" });
    expect(toast.params.reference).toBeTruthy();
  });

  it("a new report: errors together, else the report with its attachments", async () => {
    const refused = await call(newReportPage.action, {
      path: "/dashboard/reports/new",
      method: "POST",
      as: cast.admin,
      body: formOf({ clientId: "" }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Answer).result.error?.clientId).toEqual(["reports:errors.clientRequired"]);

    const fields = { clientId: cast.clientA.id, orderId: "", title: "Quarterly summary", body: "Your books for the quarter are closed." };
    const made = await call(newReportPage.action, {
      path: "/dashboard/reports/new",
      method: "POST",
      as: cast.admin,
      body: formOf(fields, [["attachments", new File([PDF], "summary.pdf")]]),
    });
    expect(made.status).toBe(302);
    const reportId = /^\/dashboard\/reports\/([^/?]+)$/.exec(made.headers.get("Location") ?? "")?.[1];
    expect(reportId).toBeTruthy();
    expect(await filesOf(reportId!)).toEqual([{ originalName: "summary.pdf" }]);

    const uploaded = await call(newReportUpload.action, {
      path: "/resources/uploads/dashboard/reports/new",
      method: "POST",
      as: cast.admin,
      headers: { "x-upload": "progress" },
      body: formOf(fields, [["attachments", new File([PDF], "summary-2.pdf")]]),
    });
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({
      redirectTo: expect.stringMatching(/^\/dashboard\/reports\/[^/]+$/),
      toast: { type: "success", message: "reports:new.created" },
    });
  });
});
