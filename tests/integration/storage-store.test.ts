import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "~/lib/ids.server";
import { sealFile, SEGMENT_BYTES, segmentedSize } from "~/lib/secrets.server";
import { readAll } from "~/lib/storage/backend.server";
import { openStoredFileStream, readStoredFile, StorageError, storageBackend, storeFile, type CheckedUpload } from "~/lib/storage.server";
import * as fileRoute from "~/routes/resources+/files.$id";
import { call } from "../support/api";
import { makeUser, type TestUser } from "../support/factories";
import { describeEachDialect } from "../setup/database";
import { closedPort, startS3Fake, useStore, type S3Fake } from "../support/s3-server";

/**
 * The storage module over each backend, as the app uses it: storeFile, readStoredFile, the streamed
 * read and the download route, with the backend chosen by the S3_* settings.
 */

// A text file (the type check accepts UTF-8 named .txt), several segments long.
const text = (bytes: number) => Buffer.from(randomBytes(bytes / 2).toString("hex"));
const upload = (content: Buffer): CheckedUpload => ({ buffer: content, originalName: "notes.txt", type: { ext: "txt", mime: "text/plain" } });

describeEachDialect("stored files", (db) => {
  let s3: S3Fake;
  let client: TestUser;

  beforeAll(async () => {
    s3 = await startS3Fake();
    client = await makeUser(db());
  });

  afterAll(async () => {
    useStore(null);
    await s3?.close();
  });

  const storageNameOf = async (id: string) =>
    (await db().selectFrom("storedFiles").select("storageName").where("id", "=", id).executeTakeFirstOrThrow()).storageName;
  const download = (id: string, language = "en") =>
    call(fileRoute.loader, { path: `/resources/files/${id}`, as: client, params: { id }, headers: { "Accept-Language": language } });
  const store = (content: Buffer) => storeFile(upload(content), { uploadedBy: client.id, recordType: "avatar", recordId: client.id });

  describe.each(["disk", "s3"] as const)("on %s", (kind) => {
    beforeAll(() => useStore(kind === "s3" ? s3.settings : null));

    it("seals files before they reach the store, and serves them whole and streamed", async () => {
      expect(storageBackend().description).toMatch(kind === "s3" ? /^s3 bucket portal-files at http:\/\/127\.0\.0\.1:/ : /^disk /);
      const content = text(3 * SEGMENT_BYTES + 1234);
      const stored = await store(content);
      const sealed = await storageBackend().get(await storageNameOf(stored.id));
      expect(sealed.length).toBe(segmentedSize(content.length));
      expect(sealed.includes(content.subarray(0, 32))).toBe(false);
      expect((await readStoredFile(stored.id))!.content.equals(content)).toBe(true);
      expect((await readAll((await openStoredFileStream(stored.id))!.stream)).equals(content)).toBe(true);

      const response = await download(stored.id);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Length")).toBe(String(content.length));
      expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
      expect(await openStoredFileStream(newId())).toBeNull();
    });

    it("still serves a file stored in the first format", async () => {
      const content = text(10_000);
      const stored = await store(content);
      await storageBackend().put(await storageNameOf(stored.id), sealFile(content));
      expect((await readStoredFile(stored.id))!.content.equals(content)).toBe(true);
      expect(Buffer.from(await (await download(stored.id)).arrayBuffer()).equals(content)).toBe(true);
    });

    it("cuts a download short rather than serve a changed byte", async () => {
      const content = text(2 * SEGMENT_BYTES + 10);
      const stored = await store(content);
      const name = await storageNameOf(stored.id);
      const sealed = await storageBackend().get(name);
      const at = 24 + SEGMENT_BYTES + 16 + 5;
      sealed[at] = sealed[at]! ^ 0x01;
      await storageBackend().put(name, sealed);
      await expect(readStoredFile(stored.id)).rejects.toBeInstanceOf(StorageError);
      const response = await download(stored.id);
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    });

    it("answers a missing object with a translated 503 and keeps its row", async () => {
      const stored = await store(text(100));
      await storageBackend().delete(await storageNameOf(stored.id));
      const response = await download(stored.id);
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
      expect(await response.text()).toBe("This file is unavailable right now. Nothing is lost: please try again in a few moments.");
      expect(await (await download(stored.id, "fr")).text()).toMatch(/^Ce fichier est indisponible/);
      expect(await (await download(stored.id, "ar")).text()).toMatch(/^هذا الملف غير متاح/);
      await expect(readStoredFile(stored.id)).rejects.toMatchObject({ failure: "missing", status: 503 });
      expect(await db().selectFrom("storedFiles").select("id").where("id", "=", stored.id).executeTakeFirst()).toBeDefined();
    });
  });

  it("when the store does not answer: no row for a failed upload, a 503 for downloads, and everything there once it is back", async () => {
    useStore(s3.settings);
    const content = text(5000);
    const kept = await store(content);
    const rowsBefore = await db().selectFrom("storedFiles").select("id").execute();

    useStore({ ...s3.settings, endpoint: `http://127.0.0.1:${await closedPort()}` });
    await expect(store(text(100))).rejects.toMatchObject({ failure: "unavailable", status: 503, key: "common:api.fileUnavailable" });
    expect(await db().selectFrom("storedFiles").select("id").execute()).toHaveLength(rowsBefore.length);
    const response = await download(kept.id);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/unavailable right now/);

    useStore(s3.settings);
    expect(Buffer.from(await (await download(kept.id)).arrayBuffer()).equals(content)).toBe(true);
  });
});
