import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable } from "node:stream";
import type { S3Settings } from "../env.server";
import { assertStorageName, ByteStore, StorageError } from "./backend.server";

/** Parts of a multipart upload: S3's smallest, so an upload holds at most two parts (10 MiB) in memory. */
const PART_BYTES = 5 * 1024 * 1024;

/** How long the readiness check waits for the store before calling it unreachable. */
const PING_TIMEOUT_MS = 3_000;

type SdkError = { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };

/** Objects under files/<name> in the configured bucket. */
export class S3Backend extends ByteStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings, options: { maxAttempts?: number; connectionTimeoutMs?: number } = {}) {
    super();
    this.bucket = settings.bucket;
    this.description = `s3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`;
    this.client = new S3Client({
      endpoint: settings.endpoint ?? undefined,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default CRC32 checksums are refused or mangled by some S3-compatible stores; the
      // content is sealed with an authentication tag anyway, and the migration checks each file's hash.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: options.maxAttempts ?? 3,
      // A store that does not answer is a clear error in seconds, not a request hanging until the client gives up.
      requestHandler: { connectionTimeout: options.connectionTimeoutMs ?? 5_000, requestTimeout: 60_000 },
    });
  }

  private key(name: string): string {
    assertStorageName(name);
    return `files/${name}`;
  }

  private failure(operation: string, name: string, error: unknown): StorageError {
    if (error instanceof StorageError) return error;
    const sdk = (error ?? {}) as SdkError;
    const missing = sdk.name === "NoSuchKey" || sdk.name === "NotFound" || (sdk.name !== "NoSuchBucket" && sdk.$metadata?.httpStatusCode === 404);
    const reason = [sdk.name, sdk.$metadata?.httpStatusCode, sdk.message].filter(Boolean).join(" ");
    return new StorageError(missing ? "missing" : "unavailable", `${this.description}: ${operation} of ${name} failed: ${reason || String(error)}`, {
      cause: error,
    });
  }

  async put(name: string, body: Buffer | Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(name), Body: body, ContentType: "application/octet-stream" },
      partSize: PART_BYTES,
      queueSize: 2,
      // A failed multipart upload is aborted, so no parts stay behind to be paid for.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      throw this.failure("put", name, error);
    }
  }

  async getStream(name: string): Promise<Readable> {
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      if (!(response.Body instanceof Readable)) throw new Error("the store sent no body");
      return response.Body;
    } catch (error) {
      throw this.failure("get", name, error);
    }
  }

  async head(name: string): Promise<{ size: number } | null> {
    try {
      const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return { size: response.ContentLength ?? 0 };
    } catch (error) {
      const failure = this.failure("head", name, error);
      if (failure.failure === "missing") return null;
      throw failure;
    }
  }

  async delete(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
    } catch (error) {
      const failure = this.failure("delete", name, error);
      if (failure.failure !== "missing") throw failure;
    }
  }

  async ping(): Promise<void> {
    try {
      // One HEAD of the bucket: the store answers, the keys are accepted and the bucket exists.
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) });
    } catch (error) {
      const sdk = (error ?? {}) as SdkError;
      const reason = [sdk.name, sdk.$metadata?.httpStatusCode, sdk.message].filter(Boolean).join(" ");
      throw new StorageError("unavailable", `${this.description}: ping failed: ${reason || String(error)}`, { cause: error });
    }
  }

  close(): void {
    this.client.destroy();
  }
}
