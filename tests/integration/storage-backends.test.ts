import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileOpener, createSealStream, openSealedFile, sealFile, sealFileSegmented, SEGMENT_BYTES, segmentedSize } from "~/lib/secrets.server";
import { readAll, StorageError, type StorageBackend } from "~/lib/storage/backend.server";
import { DiskBackend } from "~/lib/storage/disk.server";
import { S3Backend } from "~/lib/storage/s3.server";
import { closedPort, startS3Fake, type S3Fake } from "../support/s3-server";

/**
 * One contract for every storage backend: the local disk and a real S3-compatible server (s3rver on
 * 127.0.0.1, through the AWS SDK). The app's storage module only relies on what is asserted here.
 */
const name = () => randomBytes(16).toString("hex");
const sha = (buffer: Buffer) => createHash("sha256").update(buffer).digest("hex");

async function failure(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).status).toBe(503);
    expect((error as StorageError).key).toBe("common:api.fileUnavailable");
    return (error as StorageError).failure;
  }
  throw new Error("expected a StorageError");
}

let s3: S3Fake;
const temporary: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-disk-"));
  temporary.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3Fake();
});

afterAll(async () => {
  await s3?.close();
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

type Kind = "disk" | "s3";

const backends: Record<Kind, { make: () => StorageBackend; unreachable: () => Promise<StorageBackend> }> = {
  disk: {
    make: () => new DiskBackend(path.join(tempDir(), "files")),
    // A root under a regular file: every operation fails, as a lost mount would.
    unreachable: async () => {
      const file = path.join(tempDir(), "not-a-folder");
      fs.writeFileSync(file, "x");
      return new DiskBackend(path.join(file, "files"));
    },
  },
  s3: {
    make: () => new S3Backend(s3.settings),
    unreachable: async () =>
      new S3Backend({ ...s3.settings, endpoint: `http://127.0.0.1:${await closedPort()}` }, { maxAttempts: 1, connectionTimeoutMs: 2_000 }),
  },
};

describe.each(["disk", "s3"] as const)("storage backend contract [%s]", (kind) => {
  let backend: StorageBackend;
  beforeAll(() => {
    backend = backends[kind].make();
  });
  afterAll(() => backend.close());

  it("puts, heads, gets, streams and deletes an object", async () => {
    const key = name();
    const bytes = randomBytes(3000);
    expect(await backend.exists(key)).toBe(false);
    await backend.put(key, bytes);
    expect(await backend.exists(key)).toBe(true);
    expect(await backend.head(key)).toEqual({ size: 3000 });
    if (kind === "s3") expect(s3.events.filter((event) => event.key === `files/${key}`).map((event) => event.eventName)).toEqual(["ObjectCreated:Put"]);
    expect((await backend.get(key)).equals(bytes)).toBe(true);
    expect((await readAll(await backend.getStream(key))).equals(bytes)).toBe(true);
    await backend.delete(key);
    expect(await backend.exists(key)).toBe(false);
    // Removing what is not there is not an error.
    await backend.delete(key);
  });

  it("takes a stream and replaces an object written again under its name", async () => {
    const key = name();
    await backend.put(key, Readable.from([Buffer.from("first "), Buffer.from("version")]));
    expect((await backend.get(key)).toString()).toBe("first version");
    await backend.put(key, Buffer.from("second"));
    expect((await backend.get(key)).toString()).toBe("second");
  });

  it("stores a 12 MiB sealed file (multipart on S3) and streams it back, checked segment by segment", async () => {
    const plain = randomBytes(12 * 1024 * 1024);
    const key = name();
    await backend.put(key, Readable.from([plain.subarray(0, 5_000_000), plain.subarray(5_000_000)]).pipe(createSealStream()));
    expect(await backend.head(key)).toEqual({ size: segmentedSize(plain.length) });
    if (kind === "s3") {
      // Completed as a multipart upload (a POST), where the small objects above were single PUTs.
      expect(s3.events.filter((event) => event.key === `files/${key}`).map((event) => event.eventName)).toEqual(["ObjectCreated:Post"]);
    }
    const hash = createHash("sha256");
    let chunks = 0;
    await pipeline(await backend.getStream(key), createFileOpener(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        chunks += 1;
        hash.update(chunk);
      }
    });
    expect(hash.digest("hex")).toBe(sha(plain));
    // It came out a segment at a time, not as one buffer at the end.
    expect(chunks).toBeGreaterThan(100);
  });

  it("answers a ping when the store answers", async () => {
    await expect(backend.ping()).resolves.toBeUndefined();
  });

  it("says an object is missing, before any byte", async () => {
    const key = name();
    expect(await backend.head(key)).toBeNull();
    expect(await failure(backend.getStream(key))).toBe("missing");
    expect(await failure(backend.get(key))).toBe("missing");
  });

  it("says the store is unavailable when it does not answer, and loses nothing already stored", async () => {
    const key = name();
    await backend.put(key, Buffer.from("kept"));
    const broken = await backends[kind].unreachable();
    try {
      expect(await failure(broken.ping())).toBe("unavailable");
      expect(await failure(broken.put(name(), Buffer.from("new")))).toBe("unavailable");
      expect(await failure(broken.getStream(key))).toBe("unavailable");
      expect(await failure(broken.get(key))).toBe("unavailable");
      expect(await failure(broken.head(key))).toBe("unavailable");
    } finally {
      broken.close();
    }
    expect((await backend.get(key)).toString()).toBe("kept");
  });

  it("keeps only sealed bytes: the segmented format opens, and a changed, cut or reordered file does not", async () => {
    const plain = randomBytes(3 * SEGMENT_BYTES + 100);
    const sealed = sealFileSegmented(plain);
    expect(sealed.includes(plain.subarray(0, 64))).toBe(false);
    const sealedSegment = SEGMENT_BYTES + 16;
    const header = 24;
    const segment = (index: number) => sealed.subarray(header + index * sealedSegment, header + (index + 1) * sealedSegment);
    const variants: Record<string, Buffer> = {
      changed: Buffer.from(sealed).fill(0x41, header + sealedSegment + 10, header + sealedSegment + 11),
      "cut at a segment boundary": sealed.subarray(0, header + 3 * sealedSegment),
      "cut inside a segment": sealed.subarray(0, sealed.length - 50),
      reordered: Buffer.concat([sealed.subarray(0, header), segment(1), segment(0), sealed.subarray(header + 2 * sealedSegment)]),
      "with bytes appended": Buffer.concat([sealed, sealFileSegmented(Buffer.from("more")).subarray(header)]),
      "with another file's header": Buffer.concat([sealFileSegmented(plain).subarray(0, header), sealed.subarray(header)]),
    };
    const key = name();
    await backend.put(key, sealed);
    expect(openSealedFile(await backend.get(key)).equals(plain)).toBe(true);
    expect((await readAll((await backend.getStream(key)).pipe(createFileOpener()))).equals(plain)).toBe(true);
    for (const [change, bytes] of Object.entries(variants)) {
      await backend.put(key, bytes);
      expect(() => openSealedFile(bytes), change).toThrow(/does not open|cut short/);
      const received: Buffer[] = [];
      await expect(
        pipeline(await backend.getStream(key), createFileOpener(), async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) received.push(chunk);
        }),
        change,
      ).rejects.toThrow(/does not open|cut short/);
      // Whatever came out before the failure is a prefix of the file: never a byte that failed its check.
      const out = Buffer.concat(received);
      expect(plain.subarray(0, out.length).equals(out), change).toBe(true);
      expect(out.length, change).toBeLessThan(plain.length);
    }
  });

  it("still reads files of the first format (one GCM over the whole file)", async () => {
    const plain = randomBytes(100_000);
    const key = name();
    const old = sealFile(plain);
    await backend.put(key, old);
    expect(openSealedFile(await backend.get(key)).equals(plain)).toBe(true);
    expect((await readAll((await backend.getStream(key)).pipe(createFileOpener()))).equals(plain)).toBe(true);
    old[old.length - 1] = old[old.length - 1]! ^ 1;
    await backend.put(key, old);
    await expect(readAll((await backend.getStream(key)).pipe(createFileOpener()))).rejects.toThrow(/does not open/);
  });
});

describe("the segmented format", () => {
  it("seals a stream and a buffer alike, at every size around a segment's edge", async () => {
    for (const size of [0, 1, SEGMENT_BYTES - 1, SEGMENT_BYTES, SEGMENT_BYTES + 1, 2 * SEGMENT_BYTES]) {
      const plain = randomBytes(size);
      const whole = sealFileSegmented(plain);
      expect(whole.length, String(size)).toBe(segmentedSize(size));
      expect(openSealedFile(whole).equals(plain), String(size)).toBe(true);
      const streamed = await readAll(Readable.from(size ? [plain.subarray(0, 1000), plain.subarray(1000)] : []).pipe(createSealStream()));
      expect(streamed.length, String(size)).toBe(segmentedSize(size));
      expect((await readAll(Readable.from([streamed]).pipe(createFileOpener()))).equals(plain), String(size)).toBe(true);
    }
  });
});
