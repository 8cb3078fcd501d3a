import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { resetEnvForTests, type S3Settings } from "~/lib/env.server";

/**
 * A real S3-compatible server (s3rver, from npm) on 127.0.0.1, on a free port, keeping its objects in
 * a temporary folder, with one bucket. The storage module's S3 backend talks to it through the AWS SDK
 * as it would to AWS, MinIO or R2 (path-style, as for every self-hosted store).
 */
export type S3Fake = {
  settings: S3Settings;
  /** The folder where s3rver keeps the bucket's objects. */
  directory: string;
  /** What the server stored, in order: the key and how ("ObjectCreated:Put", or "ObjectCreated:Post" for a multipart upload). */
  events: { eventName: string; key: string }[];
  close(): Promise<void>;
};

export async function startS3Fake(bucket = "portal-files"): Promise<S3Fake> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const events: S3Fake["events"] = [];
  server.on("event", (event) => {
    for (const record of event.Records) events.push({ eventName: record.eventName, key: record.s3.object.key });
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket,
      // s3rver's built-in credentials.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    directory,
    events,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on: a store that does not answer. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const S3_NAMES = ["S3_ENDPOINT", "S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"];

/** Points the app's storage at `settings` (through the S3_* settings, as a deployment would), or back to the disk (null). */
export function useStore(settings: S3Settings | null): void {
  for (const name of S3_NAMES) delete process.env[name];
  if (settings) {
    process.env.S3_ENDPOINT = settings.endpoint!;
    process.env.S3_BUCKET = settings.bucket;
    process.env.S3_ACCESS_KEY_ID = settings.accessKeyId;
    process.env.S3_SECRET_ACCESS_KEY = settings.secretAccessKey;
  }
  resetEnvForTests();
}
