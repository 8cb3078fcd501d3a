import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { apiToken, totpCode } from "./fixtures";

/**
 * Every path of the README's "JSON API" table, over HTTP against the built server:
 * each answers JSON with a fitting status (a route module the server does not
 * serve, such as a `*.client.ts` one, answers an HTML page and fails here).
 * Mutations use harmless input (validation errors, unknown ids, no token), so the
 * demo data other specs use stays as it is.
 */
const PASSWORD = "Demo-Passw0rd!";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** Headers of a signed-in caller: the client signs in through `auth/login`; staff get a token as `auth/mfa` would give one. */
async function signIn(request: APIRequestContext, who: "client" | "admin" | "owner"): Promise<Record<string, string>> {
  if (who !== "client") return { authorization: `Bearer ${apiToken(`${who}@demo.test`)}`, "accept-language": "en" };
  const response = await request.post("/api/auth/login", { data: { email: `${who}@demo.test`, password: PASSWORD, rememberMe: false } });
  await expectJson(response, 200, `login ${who}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}`, "accept-language": "en" };
}

/** The demo admin through both steps: `auth/login` answers `mfaRequired`, `auth/mfa` the token. */
async function signInWithTwoFactor(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post("/api/auth/login", { data: { email: "admin@demo.test", password: PASSWORD, rememberMe: false } });
  await expectJson(response, 200, "login admin");
  const first = (await response.json()) as { mfaRequired?: boolean; mfaToken?: string; token?: string };
  expect([first.mfaRequired, typeof first.mfaToken, first.token]).toEqual([true, "string", undefined]);
  const second = await request.post("/api/auth/mfa", { data: { mfaToken: first.mfaToken, code: await totpCode("admin@demo.test") } });
  await expectJson(second, 200, "two-factor admin");
  const { token } = (await second.json()) as { token: string };
  return { authorization: `Bearer ${token}`, "accept-language": "en" };
}

async function expectJson(response: APIResponse, status: number | number[], label: string): Promise<void> {
  const statuses = Array.isArray(status) ? status : [status];
  expect(response.headers()["content-type"], `${label}: content-type`).toMatch(/^application\/json/);
  expect(statuses, `${label}: status ${response.status()} ${(await response.text()).slice(0, 200)}`).toContain(response.status());
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status() >= 400) expect(typeof body.message, `${label}: message`).toBe("string");
}

test.describe("JSON API over HTTP", () => {
  test("auth and profile", async ({ request }) => {
    const client = await signIn(request, "client");
    await expectJson(await request.post("/api/auth/login", { data: { email: "client@demo.test" } }), 400, "login without password");
    await expectJson(await request.post("/api/auth/mfa", { data: { mfaToken: "expired", code: "123456" } }), 400, "auth/mfa with an unknown token");
    await expectJson(await request.get("/api/auth/me", { headers: await signInWithTwoFactor(request) }), 200, "GET auth/me after auth/mfa");
    await expectJson(await request.post("/api/auth/register", { data: {} }), 400, "register");
    await expectJson(await request.post("/api/auth/forgot-password", { data: {} }), 400, "forgot-password");
    await expectJson(await request.post("/api/auth/reset-password", { data: {} }), 400, "reset-password");
    await expectJson(await request.post("/api/auth/verify-email", { data: {} }), 400, "verify-email");
    await expectJson(await request.post("/api/auth/resend-verification", { data: {} }), [400, 401], "resend-verification");
    await expectJson(await request.get("/api/auth/me", { headers: client }), 200, "GET auth/me");
    await expectJson(await request.get("/api/auth/me"), 401, "GET auth/me without a token");
    await expectJson(await request.patch("/api/auth/me", { headers: client, data: { email: "not an e-mail" } }), 400, "PATCH auth/me");
    await expectJson(await request.get("/api/profile/me", { headers: client }), 200, "profile/me");
    // A session of its own, so that signing out ends no other test's.
    const spare = await signIn(request, "client");
    await expectJson(await request.post("/api/auth/logout", { headers: spare }), 200, "logout");
    await expectJson(await request.get("/api/auth/me", { headers: spare }), 401, "auth/me after logout");
  });

  test("users and clients (staff)", async ({ request }) => {
    const owner = await signIn(request, "owner");
    const client = await signIn(request, "client");
    for (const base of ["/api/admin/users", "/api/clients"]) {
      await expectJson(await request.get(`${base}?perPage=1`, { headers: owner }), 200, `GET ${base}`);
      await expectJson(await request.get(base, { headers: client }), 403, `GET ${base} as a client`);
      await expectJson(await request.post(base, { headers: owner, data: {} }), 400, `POST ${base}`);
      const list = (await (await request.get(`${base}?perPage=1`, { headers: owner })).json()) as Record<string, Array<{ id: string }>>;
      const id = Object.values(list).find(Array.isArray)![0]!.id;
      await expectJson(await request.get(`${base}/${id}`, { headers: owner }), 200, `GET ${base}/{id}`);
      await expectJson(await request.get(`${base}/${UNKNOWN}`, { headers: owner }), 404, `GET ${base}/{unknown}`);
      await expectJson(await request.patch(`${base}/${UNKNOWN}`, { headers: owner, data: { fullName: "Nobody" } }), 404, `PATCH ${base}/{unknown}`);
      await expectJson(await request.delete(`${base}/${UNKNOWN}`, { headers: owner }), 404, `DELETE ${base}/{unknown}`);
    }
  });

  test("services", async ({ request }) => {
    const admin = await signIn(request, "admin");
    const list = await request.get("/api/services");
    await expectJson(list, 200, "GET services");
    const [service] = ((await list.json()) as { services: Array<{ id: string }> }).services;
    await expectJson(await request.get(`/api/services/${service!.id}`), 200, "GET services/{id}");
    await expectJson(await request.post("/api/services", { headers: admin, data: {} }), 400, "POST services");
    await expectJson(await request.get(`/api/services/${UNKNOWN}`), 404, "GET services/{unknown}");
    await expectJson(await request.patch(`/api/services/${UNKNOWN}`, { headers: admin, data: { active: true } }), [400, 404], "PATCH services/{unknown}");
    await expectJson(await request.delete(`/api/services/${UNKNOWN}`, { headers: admin }), 404, "DELETE services/{unknown}");
  });

  test("translation files and settings", async ({ request }) => {
    const admin = await signIn(request, "admin");
    const client = await signIn(request, "client");
    await expectJson(await request.get("/api/translation-files?perPage=1", { headers: admin }), 200, "GET translation-files");
    await expectJson(await request.get("/api/translation-files", { headers: client }), 403, "GET translation-files as a client");
    await expectJson(
      await request.post("/api/translation-files", { headers: admin, multipart: { sourceLanguage: "en", targetLanguage: "ar" } }),
      400,
      "POST translation-files without a file",
    );
    await expectJson(await request.get(`/api/translation-files/${UNKNOWN}`, { headers: admin }), 404, "GET translation-files/{unknown}");
    await expectJson(await request.delete(`/api/translation-files/${UNKNOWN}`, { headers: admin }), 404, "DELETE translation-files/{unknown}");
    await expectJson(
      await request.post(`/api/translation-files/${UNKNOWN}/status`, { headers: admin, data: { status: "processing" } }),
      404,
      "POST translation-files/{unknown}/status",
    );
    await expectJson(
      await request.post(`/api/translation-files/${UNKNOWN}/translated`, { headers: admin, multipart: { complete: "true" } }),
      [400, 404],
      "POST translation-files/{unknown}/translated",
    );
    await expectJson(await request.get(`/api/translation-files/${UNKNOWN}/download`, { headers: client }), 404, "GET translation-files/{unknown}/download");
    const settings = await request.get("/api/translation-settings", { headers: admin });
    await expectJson(settings, 200, "GET translation-settings");
    expect(JSON.stringify(await settings.json())).not.toMatch(/apiKeyEncrypted|"apiKey"/);
    await expectJson(await request.put("/api/translation-settings", { headers: admin, data: { maxFileSizeMb: 0 } }), 400, "PUT translation-settings");
    await expectJson(await request.put("/api/translation-settings", { headers: client, data: {} }), 403, "PUT translation-settings as a client");
  });

  test("service orders", async ({ request }) => {
    const client = await signIn(request, "client");
    const admin = await signIn(request, "admin");
    const own = await request.get("/api/service-orders/client", { headers: client });
    await expectJson(own, 200, "GET service-orders/client");
    expect(Array.isArray(((await own.json()) as { orders: unknown }).orders)).toBe(true);
    const list = await request.get("/api/service-orders?perPage=1", { headers: admin });
    await expectJson(list, 200, "GET service-orders");
    const [order] = ((await list.json()) as { orders: Array<{ id: string }> }).orders;
    await expectJson(await request.get(`/api/service-orders/${order!.id}`, { headers: admin }), 200, "GET service-orders/{id}");
    await expectJson(await request.post("/api/service-orders", { headers: client, data: {} }), 400, "POST service-orders");
    await expectJson(await request.get(`/api/service-orders/${UNKNOWN}`, { headers: client }), 404, "GET service-orders/{unknown}");
    await expectJson(
      await request.patch(`/api/service-orders/${UNKNOWN}`, { headers: admin, data: { priority: "high" } }),
      [400, 404],
      "PATCH service-orders/{unknown}",
    );
    await expectJson(await request.delete(`/api/service-orders/${UNKNOWN}`, { headers: admin }), 404, "DELETE service-orders/{unknown}");
    await expectJson(
      await request.put(`/api/service-orders/${UNKNOWN}/status/completed`, { headers: admin, data: {} }),
      404,
      "PUT service-orders/{unknown}/status/{status}",
    );
  });

  test("appointments", async ({ request }) => {
    const client = await signIn(request, "client");
    const admin = await signIn(request, "admin");
    await expectJson(await request.get("/api/appointments/client", { headers: client }), 200, "GET appointments/client");
    const list = await request.get("/api/appointments?perPage=1", { headers: admin });
    await expectJson(list, 200, "GET appointments");
    const [appointment] = ((await list.json()) as { appointments: Array<{ id: string }> }).appointments;
    await expectJson(await request.get(`/api/appointments/${appointment!.id}`, { headers: admin }), 200, "GET appointments/{id}");
    await expectJson(await request.post("/api/appointments", { headers: client, data: {} }), 400, "POST appointments");
    await expectJson(await request.get(`/api/appointments/${UNKNOWN}`, { headers: client }), 404, "GET appointments/{unknown}");
    await expectJson(await request.patch(`/api/appointments/${UNKNOWN}`, { headers: admin, data: { notes: "x" } }), [400, 404], "PATCH appointments/{unknown}");
    await expectJson(await request.delete(`/api/appointments/${UNKNOWN}`, { headers: admin }), 404, "DELETE appointments/{unknown}");
    await expectJson(
      await request.put(`/api/appointments/${UNKNOWN}/status/confirmed`, { headers: admin, data: {} }),
      404,
      "PUT appointments/{unknown}/status/{status}",
    );
    const services = ((await (await request.get("/api/services")).json()) as { services: Array<{ id: string; key: string }> }).services;
    const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    await expectJson(
      await request.get(`/api/appointments/available-slots?service=${services[0]!.key}&from=${from}&to=${to}`, { headers: client }),
      200,
      "available-slots",
    );
    await expectJson(await request.get("/api/appointments/available-slots", { headers: client }), 400, "available-slots without a service");
  });

  test("tasks (staff)", async ({ request }) => {
    const admin = await signIn(request, "admin");
    const client = await signIn(request, "client");
    await expectJson(await request.get("/api/tasks?perPage=1", { headers: admin }), 200, "GET tasks");
    await expectJson(await request.get("/api/tasks", { headers: client }), 403, "GET tasks as a client");
    await expectJson(await request.get("/api/tasks"), 401, "GET tasks without a token");
    await expectJson(await request.post("/api/tasks", { headers: admin, data: {} }), 400, "POST tasks");
    await expectJson(await request.get(`/api/tasks/${UNKNOWN}`, { headers: admin }), 404, "GET tasks/{unknown}");
    await expectJson(await request.get(`/api/tasks/${UNKNOWN}`, { headers: client }), 403, "GET tasks/{unknown} as a client");
    await expectJson(await request.patch(`/api/tasks/${UNKNOWN}`, { headers: admin, data: { priority: "high" } }), 404, "PATCH tasks/{unknown}");
    await expectJson(await request.delete(`/api/tasks/${UNKNOWN}`, { headers: admin }), 404, "DELETE tasks/{unknown}");
    await expectJson(await request.get(`/api/tasks/${UNKNOWN}/comments`, { headers: admin }), 404, "GET tasks/{unknown}/comments");
    await expectJson(await request.post(`/api/tasks/${UNKNOWN}/comments`, { headers: admin, data: { body: "x" } }), 404, "POST tasks/{unknown}/comments");
  });

  test("requests", async ({ request }) => {
    const admin = await signIn(request, "admin");
    const client = await signIn(request, "client");
    const list = `/api/request-lists/${UNKNOWN}`;
    const item = `${list}/items/${UNKNOWN}`;
    await expectJson(await request.get("/api/request-lists?perPage=1", { headers: admin }), 200, "GET request-lists");
    await expectJson(await request.get("/api/request-lists", { headers: client }), 200, "GET request-lists as a client");
    await expectJson(await request.get("/api/request-lists"), 401, "GET request-lists without a token");
    await expectJson(await request.post("/api/request-lists", { headers: admin, data: {} }), 400, "POST request-lists");
    await expectJson(await request.post("/api/request-lists", { headers: client, data: {} }), [400, 403], "POST request-lists as a client");
    await expectJson(await request.get(list, { headers: admin }), 404, "GET request-lists/{unknown}");
    await expectJson(await request.get(list, { headers: client }), 404, "GET request-lists/{unknown} as a client");
    await expectJson(await request.post(`${list}/submit`, { headers: client }), 404, "POST request-lists/{unknown}/submit");
    await expectJson(await request.post(`${list}/cancel`, { headers: admin, data: {} }), 404, "POST request-lists/{unknown}/cancel");
    await expectJson(await request.post(`${list}/resend-link`, { headers: admin }), 404, "POST request-lists/{unknown}/resend-link");
    await expectJson(await request.post(`${item}/answer`, { headers: client, data: { answer: "x" } }), 404, "POST …/items/{unknown}/answer");
    await expectJson(await request.post(`${item}/files`, { headers: client, multipart: { note: "x" } }), 404, "POST …/items/{unknown}/files");
    await expectJson(await request.post(`${item}/not-applicable`, { headers: client, data: { reason: "x" } }), 404, "POST …/items/{unknown}/not-applicable");
    await expectJson(await request.post(`${item}/accept`, { headers: admin, data: {} }), 404, "POST …/items/{unknown}/accept");
    await expectJson(await request.post(`${item}/return`, { headers: admin, data: { note: "x" } }), 404, "POST …/items/{unknown}/return");
  });

  test("reports", async ({ request }) => {
    const client = await signIn(request, "client");
    const admin = await signIn(request, "admin");
    await expectJson(await request.get("/api/reports/client", { headers: client }), 200, "GET reports/client");
    const list = await request.get("/api/reports?perPage=1", { headers: admin });
    await expectJson(list, 200, "GET reports");
    const [report] = ((await list.json()) as { reports: Array<{ id: string }> }).reports;
    await expectJson(await request.get(`/api/reports/${report!.id}`, { headers: admin }), 200, "GET reports/{id}");
    await expectJson(await request.post("/api/reports", { headers: admin, data: {} }), 400, "POST reports");
    await expectJson(await request.get(`/api/reports/${UNKNOWN}`, { headers: client }), 404, "GET reports/{unknown}");
    await expectJson(await request.patch(`/api/reports/${UNKNOWN}`, { headers: admin, data: { title: "x" } }), [400, 404], "PATCH reports/{unknown}");
    await expectJson(await request.delete(`/api/reports/${UNKNOWN}`, { headers: admin }), 404, "DELETE reports/{unknown}");
    await expectJson(await request.put(`/api/reports/${UNKNOWN}/read`, { headers: client }), 404, "PUT reports/{unknown}/read");
    await expectJson(
      await request.post(`/api/reports/${UNKNOWN}/feedback`, { headers: client, data: { rating: 5 } }),
      [400, 404],
      "POST reports/{unknown}/feedback",
    );
  });

  test("machine translation", async ({ request }) => {
    const client = await signIn(request, "client");
    const admin = await signIn(request, "admin");
    await expectJson(await request.post("/api/translate", { headers: client, data: { text: "Hello", target: "fr" } }), 403, "POST translate (client)");
    await expectJson(await request.post("/api/translate", { headers: admin, data: {} }), 400, "POST translate (no text)");
    await expectJson(await request.get("/api/translate", { headers: admin }), 405, "GET translate");
  });

  test("notifications, health and unknown paths", async ({ request }) => {
    const client = await signIn(request, "client");
    await expectJson(await request.get("/api/notifications?page=1&limit=5", { headers: client }), 200, "GET notifications");
    await expectJson(await request.get("/api/notifications/unread", { headers: client }), 200, "GET notifications/unread");
    await expectJson(await request.put(`/api/notifications/${UNKNOWN}/read`, { headers: client }), 404, "PUT notifications/{unknown}/read");
    await expectJson(await request.delete(`/api/notifications/${UNKNOWN}`, { headers: client }), 404, "DELETE notifications/{unknown}");
    // Without a token: these would change the demo client's notifications, which other specs read.
    await expectJson(await request.put("/api/notifications/read-all"), 401, "PUT notifications/read-all");
    await expectJson(await request.delete("/api/notifications"), 401, "DELETE notifications");
    await expectJson(await request.get("/api/health"), 200, "health");
    await expectJson(await request.get("/api/nope", { headers: client }), 404, "unknown path");
    await expectJson(await request.post("/api/service-orders/client/nope", { headers: client }), 404, "unknown nested path");
    await expectJson(await request.post("/api/service-orders/client", { headers: client }), 405, "POST to a read-only path");
  });
});
