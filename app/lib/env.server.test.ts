import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.server";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "env-test-"));

describe("loadEnv", () => {
  it("applies the contract's defaults", () => {
    const dataDir = tempDir();
    const config = loadEnv({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.dialect).toBe("sqlite");
    expect(config.databaseUrl).toBe(`file:${path.join(dataDir, "app.db")}`);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.redisUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.seedDemo).toBe(false);
    expect(config.demoPassword).toBe("Demo-Passw0rd!");
    expect(config.trustProxy).toBe(false);
    expect(config.extractWorkers).toBe(1);
    expect(loadEnv({ DATA_DIR: dataDir, EXTRACT_WORKERS: "3" }).extractWorkers).toBe(3);
    expect(loadEnv({ DATA_DIR: dataDir, EXTRACT_WORKERS: "" }).extractWorkers).toBe(1);
  });

  it("generates the session secret once and keeps it in DATA_DIR", () => {
    const dataDir = tempDir();
    const first = loadEnv({ DATA_DIR: dataDir }).sessionSecrets;
    const second = loadEnv({ DATA_DIR: dataDir }).sessionSecrets;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toEqual(first);
    expect(fs.statSync(path.join(dataDir, ".session-secret")).mode & 0o777).toBe(0o600);
    expect(loadEnv({ DATA_DIR: dataDir }).fileEncryptionKey).toEqual(loadEnv({ DATA_DIR: dataDir }).fileEncryptionKey);
  });

  it("splits rotated secrets and switches to PostgreSQL", () => {
    const config = loadEnv({
      DATA_DIR: tempDir(),
      SESSION_SECRET: "new-secret, old-secret",
      DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
      SEED_DEMO: "true",
      TRUST_PROXY: "2",
      PORT: "8080",
    });
    expect(config.sessionSecrets).toEqual(["new-secret", "old-secret"]);
    expect(config.dialect).toBe("postgres");
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(2);
    expect(config.appUrl).toBe("http://localhost:8080");
  });

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must start with postgres/],
    [{ REDIS_URL: "http://x" }, /REDIS_URL/],
    [{ APP_URL: "not a url" }, /APP_URL/],
    [{ SEED_DEMO: "yes" }, /SEED_DEMO/],
    [{ FILE_ENCRYPTION_KEY: "short" }, /FILE_ENCRYPTION_KEY/],
    [{ STRIPE_API_BASE: "127.0.0.1:4243" }, /STRIPE_API_BASE/],
    [{ S3_ENDPOINT: "minio:9000" }, /S3_ENDPOINT: must be http/],
    [{ S3_BUCKET: "Portal_Files" }, /S3_BUCKET: must be a bucket name/],
    [{ S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE/],
    [{ EXTRACT_WORKERS: "0" }, /EXTRACT_WORKERS: must be a whole number from 1 to 16/],
    [{ EXTRACT_WORKERS: "17" }, /EXTRACT_WORKERS: must be a whole number from 1 to 16/],
    [{ EXTRACT_WORKERS: "1.5" }, /EXTRACT_WORKERS: must be a whole number from 1 to 16/],
    [{ EXTRACT_WORKERS: "two" }, /EXTRACT_WORKERS: must be a whole number from 1 to 16/],
  ])("refuses %o with one clear line", (values, message) => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), ...values })).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: tempDir(), ...values })).toThrow(message);
  });

  it("reads the Stripe settings: off by default, another API host as protocol, host and port", () => {
    expect(loadEnv({ DATA_DIR: tempDir() })).toMatchObject({ stripeSecretKey: null, stripeWebhookSecret: null, stripeApi: null });
    const config = loadEnv({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_API_BASE: "http://127.0.0.1:4243" });
    expect(config).toMatchObject({
      stripeSecretKey: "sk_test_x",
      stripeWebhookSecret: "whsec_x",
      stripeApi: { protocol: "http", host: "127.0.0.1", port: 4243 },
    });
    expect(loadEnv({ DATA_DIR: tempDir(), STRIPE_API_BASE: "https://stripe.internal" }).stripeApi).toEqual({
      protocol: "https",
      host: "stripe.internal",
      port: 443,
    });
  });

  it("keeps files on the disk unless object storage is set, and refuses half a setting", () => {
    expect(loadEnv({ DATA_DIR: tempDir() }).s3).toBeNull();
    const s3 = { S3_ENDPOINT: "http://127.0.0.1:9000/", S3_BUCKET: "portal-files", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
    // A self-hosted store: any region will do, and the bucket goes in the path unless told otherwise.
    expect(loadEnv({ DATA_DIR: tempDir(), ...s3 }).s3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      bucket: "portal-files",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    expect(loadEnv({ DATA_DIR: tempDir(), ...s3, S3_REGION: "auto", S3_FORCE_PATH_STYLE: "false" }).s3).toMatchObject({
      region: "auto",
      forcePathStyle: false,
    });
    // AWS itself: no endpoint, the bucket's region, virtual-hosted names.
    const aws = { S3_BUCKET: "portal-files", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret", S3_REGION: "eu-west-3" };
    expect(loadEnv({ DATA_DIR: tempDir(), ...aws }).s3).toMatchObject({ endpoint: null, region: "eu-west-3", forcePathStyle: false });

    const refused = (values: Record<string, string>) => () => loadEnv({ DATA_DIR: tempDir(), ...values });
    expect(refused({ S3_BUCKET: "portal-files" })).toThrow(EnvError);
    expect(refused({ S3_BUCKET: "portal-files" })).toThrow(
      "Incomplete object storage settings: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION are not set (set all of them, or none to keep files in DATA_DIR)",
    );
    expect(refused({ ...s3, S3_SECRET_ACCESS_KEY: "" })).toThrow(/^Incomplete object storage settings: S3_SECRET_ACCESS_KEY is not set/);
    expect(refused({ S3_FORCE_PATH_STYLE: "true" })).toThrow(/S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION are not set/);
  });
});
