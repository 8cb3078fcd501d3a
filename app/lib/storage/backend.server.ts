import type { Readable } from "node:stream";
import { AppError } from "../app-error";

/**
 * Where the sealed bytes of stored files live: the local disk (DATA_DIR/files) or an S3-compatible
 * bucket. A backend only moves opaque bytes under a storage name; sealing, hashing and the
 * stored_files rows are the storage module's (storage.server.ts).
 */
export interface StorageBackend {
  /** For logs and the migration's summary: "disk /srv/data/files", "s3 bucket portal at http://…". */
  readonly description: string;
  /** Writes the whole object; it exists under the name only once all of it is written. */
  put(name: string, body: Buffer | Readable): Promise<void>;
  get(name: string): Promise<Buffer>;
  /** Resolves once the store has answered, so a missing object or an unreachable store fails here, before any byte. */
  getStream(name: string): Promise<Readable>;
  /** The object's size, or null when there is none. */
  head(name: string): Promise<{ size: number } | null>;
  exists(name: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(name: string): Promise<void>;
  /** A cheap check that the store answers and takes files (the readiness check): throws a StorageError when it does not. */
  ping(): Promise<void>;
  /** Frees the connections of a backend that is no longer used. */
  close(): void;
}

export type StorageFailure = "missing" | "unavailable";

/**
 * The store could not give or take a file: the object is missing, or the store did not answer.
 * A refusal (503) with a translated "file unavailable, try again", so every door answers it in the
 * caller's language instead of a 500; `detail` is for the log only.
 */
export class StorageError extends AppError {
  constructor(
    readonly failure: StorageFailure,
    readonly detail: string,
    options: { cause?: unknown } = {},
  ) {
    super(503, "common:api.fileUnavailable", { headers: { "Retry-After": "30" } });
    this.name = "StorageError";
    this.message = detail;
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

export function isStorageError(error: unknown): error is StorageError {
  return error instanceof StorageError;
}

/** Storage names are ours (32 hex digits), but never let one reach a path or a key unchecked. */
export function assertStorageName(name: string): void {
  if (!/^[0-9a-f]{32}$/.test(name)) throw new Error("invalid storage name");
}

/** What every backend does the same way on top of its own getStream and head. */
export abstract class ByteStore implements StorageBackend {
  abstract readonly description: string;
  abstract put(name: string, body: Buffer | Readable): Promise<void>;
  abstract getStream(name: string): Promise<Readable>;
  abstract head(name: string): Promise<{ size: number } | null>;
  abstract delete(name: string): Promise<void>;
  abstract ping(): Promise<void>;
  abstract close(): void;

  async get(name: string): Promise<Buffer> {
    const stream = await this.getStream(name);
    try {
      return await readAll(stream);
    } catch (error) {
      if (error instanceof StorageError) throw error;
      throw new StorageError("unavailable", `${this.description}: reading ${name} failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
  }

  async exists(name: string): Promise<boolean> {
    return (await this.head(name)) !== null;
  }
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
