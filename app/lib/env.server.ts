import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The process configuration from the environment, validated once at start.
 * A bad value stops the process with one clear line instead of failing later.
 */
const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const ONE_TO_16 = { message: "must be a whole number from 1 to 16" };

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^(postgres(ql)?:\/\/|file:)/.test(value), {
      message: "must start with postgres://, postgresql:// or file:",
    }),
  REDIS_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^rediss?:\/\//.test(value), { message: "must start with redis:// or rediss://" }),
  SESSION_SECRET: z.string().optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^smtps?:\/\//.test(value), { message: "must start with smtp:// or smtps://" }),
  MAIL_FROM: z.string().optional(),
  APP_URL: z.string().url().optional(),
  SEED_DEMO: booleanString,
  DEMO_PASSWORD: z.string().min(10).default("Demo-Passw0rd!"),
  DEMO_TOTP_SECRET: z
    .string()
    .regex(/^[A-Za-z2-7]{16,}=*$/, { message: "must be base32 (A–Z, 2–7), at least 16 characters" })
    .default("JBSWY3DPEHPK3PXP"),
  TRUST_PROXY: z.string().optional(),
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(180),
  MT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  MT_ALLOW_PRIVATE_HOSTS: booleanString,
  // Empty counts as unset, as for the other variables.
  EXTRACT_WORKERS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number({ invalid_type_error: ONE_TO_16.message }).int(ONE_TO_16).min(1, ONE_TO_16).max(16, ONE_TO_16).default(1),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z
    .string()
    .optional()
    .refine((value) => !value || /^https?:\/\/[^/]+\/?$/.test(value), { message: "must be http(s)://host[:port]" }),
  FILE_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((value) => !value || /^[0-9a-fA-F]{64}$/.test(value), { message: "must be 64 hexadecimal characters (32 bytes)" }),
  S3_ENDPOINT: z
    .string()
    .optional()
    .refine((value) => !value || /^https?:\/\/[^/\s]+\/?$/.test(value), { message: "must be http(s)://host[:port]" }),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z
    .string()
    .optional()
    .refine((value) => !value || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      message: "must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)",
    }),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0", ""]).optional(),
});

/** Where stored files go when they do not go to DATA_DIR/files: an S3-compatible bucket. */
export type S3Settings = {
  /** Null for AWS S3 itself (the SDK picks the regional endpoint). */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
};

export type Env = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string;
  dialect: "sqlite" | "postgres";
  sqliteFile: string | null;
  redisUrl: string | null;
  sessionSecrets: string[];
  smtpUrl: string | null;
  mailFrom: string;
  appUrl: string;
  seedDemo: boolean;
  /** Read notifications older than this many days are purged daily (unread ones stay). */
  notificationRetentionDays: number;
  demoPassword: string;
  /** Base32 TOTP secret of the demo owner and admin (SEED_DEMO only). */
  demoTotpSecret: string;
  trustProxy: boolean | number | string;
  logLevel: string;
  fileEncryptionKey: Buffer;
  /** How long one machine-translation request may take (30 s by default, the app's usual request time-out). */
  mtTimeoutMs: number;
  /** Whether the machine-translation service may be on this machine or a private network (a LibreTranslate beside the app). */
  mtAllowPrivateHosts: boolean;
  /** Threads of the document extractor's OCR pool: pages drawn and read at once (app/features/extractor/ocr.server.ts). */
  extractWorkers: number;
  /** Online payments through Stripe Checkout when set (app/features/payments); else the manual provider only. */
  stripeSecretKey: string | null;
  /** Signing secret of the Stripe webhook endpoint (/api/payments/stripe/webhook). */
  stripeWebhookSecret: string | null;
  /** Another Stripe API host (tests and local runs: a fake on 127.0.0.1), parsed into the SDK's protocol, host and port. */
  stripeApi: { protocol: "http" | "https"; host: string; port: number } | null;
  /** Stored files go to this S3-compatible bucket when set; else to DATA_DIR/files. */
  s3: S3Settings | null;
};

const S3_VARIABLES = ["S3_ENDPOINT", "S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

/**
 * The S3 settings, or null when none is set. Half a configuration stops the start: files silently
 * landing on one instance's disk while the operator thinks they go to the bucket would be lost with it.
 */
function parseS3(raw: z.infer<typeof EnvSchema>): S3Settings | null {
  if (S3_VARIABLES.every((name) => !raw[name])) return null;
  const endpoint = raw.S3_ENDPOINT ? raw.S3_ENDPOINT.replace(/\/+$/, "") : null;
  // AWS needs the bucket's region; a self-hosted store behind S3_ENDPOINT usually accepts any (us-east-1 by convention).
  const required: (typeof S3_VARIABLES)[number][] = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", ...(endpoint ? [] : ["S3_REGION" as const])];
  const missing = required.filter((name) => !raw[name]);
  if (missing.length > 0) {
    throw new EnvError(
      `Incomplete object storage settings: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set (set all of them, or none to keep files in DATA_DIR)`,
    );
  }
  return {
    endpoint,
    region: raw.S3_REGION || "us-east-1",
    bucket: raw.S3_BUCKET!,
    accessKeyId: raw.S3_ACCESS_KEY_ID!,
    secretAccessKey: raw.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ? raw.S3_FORCE_PATH_STYLE === "true" || raw.S3_FORCE_PATH_STYLE === "1" : endpoint !== null,
  };
}

function parseStripeApiBase(value: string | undefined): Env["stripeApi"] {
  if (!value) return null;
  const url = new URL(value);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443 };
}

/** A configuration mistake: the server says it and stops (server/index.ts). Known by its name, as the server and the app are two bundles. */
export class EnvError extends Error {
  override name = "EnvError";
}

/** Reads a secret kept in DATA_DIR, creating it the first time. */
function persistentSecret(dataDir: string, fileName: string, make: () => string): string {
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const value = make();
    // "wx" so that two processes starting together keep the first one's value.
    try {
      fs.writeFileSync(file, value + "\n", { mode: 0o600, flag: "wx" });
      return value;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "" || value === "false" || value === "0") return false;
  if (value === "true") return true;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new EnvError(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  const raw = result.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const databaseUrl = raw.DATABASE_URL || `file:${path.join(dataDir, "app.db")}`;
  const dialect = databaseUrl.startsWith("postgres") ? "postgres" : "sqlite";
  const sessionSecrets = (raw.SESSION_SECRET || persistentSecret(dataDir, ".session-secret", () => randomBytes(32).toString("hex")))
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  const fileKeyHex = raw.FILE_ENCRYPTION_KEY || persistentSecret(dataDir, ".file-key", () => randomBytes(32).toString("hex"));
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === "production",
    port: raw.PORT,
    dataDir,
    databaseUrl,
    dialect,
    sqliteFile: dialect === "sqlite" ? databaseUrl.slice("file:".length) : null,
    redisUrl: raw.REDIS_URL || null,
    sessionSecrets,
    smtpUrl: raw.SMTP_URL || null,
    mailFrom: raw.MAIL_FROM || `no-reply@${new URL(appUrl).hostname}`,
    appUrl,
    seedDemo: raw.SEED_DEMO,
    notificationRetentionDays: raw.NOTIFICATION_RETENTION_DAYS,
    demoPassword: raw.DEMO_PASSWORD,
    demoTotpSecret: raw.DEMO_TOTP_SECRET.toUpperCase(),
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    logLevel: raw.LOG_LEVEL,
    fileEncryptionKey: Buffer.from(fileKeyHex, "hex"),
    mtTimeoutMs: raw.MT_TIMEOUT_MS,
    mtAllowPrivateHosts: raw.MT_ALLOW_PRIVATE_HOSTS,
    extractWorkers: raw.EXTRACT_WORKERS,
    stripeSecretKey: raw.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: raw.STRIPE_WEBHOOK_SECRET || null,
    stripeApi: parseStripeApiBase(raw.STRIPE_API_BASE),
    s3: parseS3(raw),
  };
}

let cached: Env | undefined;

/** The configuration of this process. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** Tests point the process at another data directory or database. */
export function resetEnvForTests(): void {
  cached = undefined;
}
