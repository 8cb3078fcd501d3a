import { beforeEach, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, avatarPath } from "~/features/users/avatar";
import { removeAvatar, saveAvatar } from "~/features/users/avatar.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import * as meRoute from "~/routes/api+/auth.me";
import * as clientProfile from "~/routes/client+/profile";
import * as avatarRoute from "~/routes/resources+/avatars.$fileId";
import { call, callJson } from "../support/api";
import { makeUser, type TestUser } from "../support/factories";
import { describeEachDialect } from "../setup/database";

/**
 * The profile picture: uploaded with a plain multipart form, checked by its content
 * (PNG, JPEG, WebP; at most 2 MB), served to its owner and the back-office only,
 * replaced and removed with its file.
 */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

function avatarForm(content: Buffer | null, name = "me.png", type = "image/png"): FormData {
  const form = new FormData();
  form.set("intent", "avatar");
  if (content) form.set("avatar", new File([new Uint8Array(content)], name, { type }));
  return form;
}

const upload = (user: TestUser, form: FormData) => call(clientProfile.action, { path: "/client/profile", method: "POST", as: user, body: form });

async function fieldError(response: Response): Promise<string[] | undefined> {
  const body = (await response.json()) as { result?: { error?: Record<string, string[]> } };
  return body.result?.error?.avatar;
}

async function avatarUrlOf(user: TestUser): Promise<string | null> {
  return (await callJson<{ avatarUrl: string | null }>(meRoute.loader, { path: "/api/auth/me", as: user })).body.avatarUrl;
}

const fetchAvatar = (url: string, as: TestUser | null) => call(avatarRoute.loader, { path: url, as, params: { fileId: url.split("/").pop()! } });

describeEachDialect("profile avatar", (db) => {
  beforeEach(() => resetLimitersForTests());

  it("stores a PNG sent with the plain form, and serves it to its owner and the back-office only", async () => {
    const client = await makeUser(db());
    const response = await upload(client, avatarForm(PNG));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/client/profile");
    const url = await avatarUrlOf(client);
    expect(url).toMatch(/^\/resources\/avatars\/[0-9a-f-]{36}$/);
    const stored = await db()
      .selectFrom("storedFiles")
      .select(["recordType", "recordId", "mimeType"])
      .where("id", "=", url!.split("/").pop()!)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ recordType: "avatar", recordId: client.id, mimeType: "image/png" });

    const own = await fetchAvatar(url!, client);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(own.headers.get("content-disposition")).toBe("inline");
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await fetchAvatar(url!, await makeUser(db(), { role: "admin" }))).status).toBe(200);
    expect((await fetchAvatar(url!, await makeUser(db(), { role: "staff" }))).status).toBe(200);
    expect((await fetchAvatar(url!, await makeUser(db()))).status).toBe(404);
    const anonymous = await fetchAvatar(url!, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });

  it("decides the type from the content: a renamed PDF, a GIF or an empty file is refused next to the field", async () => {
    const client = await makeUser(db());
    for (const [content, name, type] of [
      [PDF, "me.png", "image/png"],
      [GIF, "me.gif", "image/gif"],
      [Buffer.from("just text"), "me.jpg", "image/jpeg"],
    ] as const) {
      const refused = await upload(client, avatarForm(content, name, type));
      expect(refused.status, name).toBe(400);
      expect(await fieldError(refused)).toEqual(["users:errors.avatarType"]);
    }
    const nothing = await upload(client, avatarForm(null));
    expect(await fieldError(nothing)).toEqual(["users:errors.avatarRequired"]);
    expect(await avatarUrlOf(client)).toBeNull();
    expect(await db().selectFrom("storedFiles").select("id").where("recordId", "=", client.id).execute()).toEqual([]);
  });

  it("refuses a picture over the size limit without keeping it", async () => {
    const client = await makeUser(db());
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const refused = await upload(client, avatarForm(big));
    expect(refused.status).toBe(400);
    expect(await fieldError(refused)).toEqual(['users:errors.avatarTooLarge\u001f{"max":2}']);
    expect(await avatarUrlOf(client)).toBeNull();
  });

  it("replaces the previous picture (its file goes) and removes it on request, from the page or the API", async () => {
    const client = await makeUser(db());
    await upload(client, avatarForm(PNG));
    const first = (await avatarUrlOf(client))!;
    expect((await upload(client, avatarForm(JPEG, "me.jpg", "image/jpeg"))).status).toBe(302);
    const second = (await avatarUrlOf(client))!;
    expect(second).not.toBe(first);
    expect((await fetchAvatar(first, client)).status).toBe(404);
    expect((await fetchAvatar(second, client)).headers.get("content-type")).toBe("image/jpeg");

    const removed = await call(clientProfile.action, {
      path: "/client/profile",
      method: "POST",
      as: client,
      body: new URLSearchParams({ intent: "removeAvatar" }),
    });
    expect(removed.status).toBe(302);
    expect(await avatarUrlOf(client)).toBeNull();
    expect((await fetchAvatar(second, client)).status).toBe(404);

    await upload(client, avatarForm(PNG));
    const third = (await avatarUrlOf(client))!;
    const cleared = await callJson(meRoute.action, { path: "/api/auth/me", method: "PATCH", as: client, body: { avatarUrl: null } });
    expect(cleared.body).toMatchObject({ avatarUrl: null });
    expect((await fetchAvatar(third, client)).status).toBe(404);
  });

  it("keeps one picture when tabs change it at once: the latest change wins and the address never names a deleted file", async () => {
    const client = await makeUser(db());
    const picture = (index: number) => new File([new Uint8Array(index % 2 ? JPEG : PNG)], `me-${index}.png`);
    const state = async () => {
      const files = await db().selectFrom("storedFiles").select("id").where("recordType", "=", "avatar").where("recordId", "=", client.id).execute();
      return { url: await avatarUrlOf(client), files: files.map((file) => avatarPath(file.id)) };
    };
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 6 }, (_, index) => saveAvatar(client.id, picture(index))));
      const { url, files } = await state();
      expect(url).not.toBeNull();
      expect(files).toEqual([url]);
    }
    // A removal between uploads: no picture, or the one an upload after it set; never a file that is gone.
    for (let round = 0; round < 3; round++) {
      await Promise.all([saveAvatar(client.id, picture(0)), removeAvatar(client.id), saveAvatar(client.id, picture(1))]);
      const { url, files } = await state();
      expect(files).toEqual(url ? [url] : []);
    }
  });
});
