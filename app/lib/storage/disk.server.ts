import { randomBytes } from "node:crypto";
import { constants as fsConstants, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertStorageName, ByteStore, StorageError } from "./backend.server";

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Files under root/xx/<name> (xx: the name's first two digits, so no folder grows huge). */
export class DiskBackend extends ByteStore {
  readonly description: string;

  constructor(readonly root: string) {
    super();
    this.description = `disk ${root}`;
  }

  private pathOf(name: string): string {
    assertStorageName(name);
    return path.join(this.root, name.slice(0, 2), name);
  }

  private failure(operation: string, name: string, error: unknown): StorageError {
    if (error instanceof StorageError) return error;
    const kind = code(error) === "ENOENT" ? "missing" : "unavailable";
    return new StorageError(kind, `disk ${operation} of ${name} failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }

  async put(name: string, body: Buffer | Readable): Promise<void> {
    const file = this.pathOf(name);
    // Written beside and renamed into place, so a crash or a failed stream never leaves half a file under the name.
    const temporary = `${file}.${randomBytes(6).toString("hex")}.part`;
    try {
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      if (Buffer.isBuffer(body)) await fs.writeFile(temporary, body, { mode: 0o600, flag: "wx" });
      else await pipeline(body, createWriteStream(temporary, { mode: 0o600, flags: "wx" }));
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      throw this.failure("put", name, error);
    }
  }

  async getStream(name: string): Promise<Readable> {
    const file = this.pathOf(name);
    try {
      const handle = await fs.open(file, "r");
      return handle.createReadStream();
    } catch (error) {
      throw this.failure("get", name, error);
    }
  }

  async head(name: string): Promise<{ size: number } | null> {
    try {
      const stat = await fs.stat(this.pathOf(name));
      return { size: stat.size };
    } catch (error) {
      if (code(error) === "ENOENT") return null;
      throw this.failure("head", name, error);
    }
  }

  async delete(name: string): Promise<void> {
    try {
      await fs.rm(this.pathOf(name), { force: true });
    } catch (error) {
      throw this.failure("delete", name, error);
    }
  }

  async ping(): Promise<void> {
    try {
      // The root is made on the first upload; a lost mount or a read-only one fails here.
      await fs.mkdir(this.root, { recursive: true, mode: 0o700 });
      await fs.access(this.root, fsConstants.R_OK | fsConstants.W_OK);
    } catch (error) {
      throw new StorageError("unavailable", `disk ping of ${this.root} failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
  }

  close(): void {}
}
