import { createHash } from "node:crypto";
import type { DB } from "../db/connection.server";
import { openSealedFile } from "../secrets.server";
import { isStorageError, type StorageBackend } from "./backend.server";

export type MigrationFailure = { id: string; storageName: string; reason: string };

export type MigrationSummary = {
  /** Rows looked at. */
  total: number;
  /** Copied to the store and verified there. */
  copied: number;
  /** Already in the store and verified: left alone. */
  alreadyThere: number;
  /** In the store but not matching their hash: copied again from the disk and verified. */
  replaced: number;
  failed: MigrationFailure[];
  /** The store stopped answering: the rows after it were not looked at. */
  stopped: boolean;
};

type Row = { id: string; storageName: string; sha256: string };

type Check = { ok: true; sealed: Buffer } | { ok: false; reason: string; unreachable: boolean };

/** Reads a file back from a backend, opens it and compares its SHA-256 with the row's. */
async function check(backend: StorageBackend, row: Row): Promise<Check> {
  let sealed: Buffer;
  try {
    sealed = await backend.get(row.storageName);
  } catch (error) {
    if (isStorageError(error))
      return { ok: false, reason: error.failure === "missing" ? "missing" : error.detail, unreachable: error.failure === "unavailable" };
    throw error;
  }
  let plain: Buffer;
  try {
    plain = openSealedFile(sealed);
  } catch {
    return { ok: false, reason: "does not open (changed, cut, or sealed with another key)", unreachable: false };
  }
  const sha256 = createHash("sha256").update(plain).digest("hex");
  if (sha256 !== row.sha256) return { ok: false, reason: `SHA-256 ${sha256} is not the recorded ${row.sha256}`, unreachable: false };
  return { ok: true, sealed };
}

/**
 * Copies every stored file from one backend to another (the disk to the S3 store), as sealed bytes:
 * nothing is decrypted on the way except to check it. Each copy is read back from the target, opened
 * and compared with the row's SHA-256. A file already in the target and matching is left alone, so
 * the migration can be run again after a failure or while uploads still land on the disk; one in the
 * target that does not match is copied again when the disk's copy is good. The source is never changed.
 */
export async function migrateStorage(options: {
  db: DB;
  source: StorageBackend;
  target: StorageBackend;
  log?: (line: string) => void;
  concurrency?: number;
}): Promise<MigrationSummary> {
  const { source, target } = options;
  const log = options.log ?? (() => undefined);
  const summary: MigrationSummary = { total: 0, copied: 0, alreadyThere: 0, replaced: 0, failed: [], stopped: false };

  const fail = (row: Row, reason: string) => {
    summary.failed.push({ id: row.id, storageName: row.storageName, reason });
    log(`FAILED   ${row.id}: ${reason}`);
  };

  async function migrate(row: Row): Promise<void> {
    summary.total += 1;
    let targetProblem: string | null = null;
    if (await target.exists(row.storageName)) {
      const there = await check(target, row);
      if (there.ok) {
        summary.alreadyThere += 1;
        return;
      }
      if (there.unreachable) throw new StoreUnreachable(there.reason);
      targetProblem = there.reason;
      log(`CORRUPT  ${row.id}: the store's copy ${there.reason}; copying it again from the disk`);
    }
    const original = await check(source, row);
    if (!original.ok) {
      fail(row, `the disk's copy ${original.reason}${targetProblem ? `, and the store's copy ${targetProblem}` : ""}`);
      return;
    }
    try {
      await target.put(row.storageName, original.sealed);
    } catch (error) {
      if (isStorageError(error) && error.failure === "unavailable") throw new StoreUnreachable(error.detail);
      throw error;
    }
    const copied = await check(target, row);
    if (!copied.ok) {
      if (copied.unreachable) throw new StoreUnreachable(copied.reason);
      fail(row, `the copy in the store ${copied.reason} once written`);
      return;
    }
    if (targetProblem) summary.replaced += 1;
    else summary.copied += 1;
  }

  const concurrency = options.concurrency ?? 4;
  let after = "";
  try {
    for (;;) {
      const rows = await options.db
        .selectFrom("storedFiles")
        .select(["id", "storageName", "sha256"])
        .where("id", ">", after)
        .orderBy("id", "asc")
        .limit(200)
        .execute();
      if (rows.length === 0) break;
      for (let start = 0; start < rows.length; start += concurrency) {
        await Promise.all(
          rows.slice(start, start + concurrency).map((row) =>
            migrate(row).catch((error: unknown) => {
              if (isStorageError(error) && error.failure === "unavailable") throw new StoreUnreachable(error.detail);
              throw error;
            }),
          ),
        );
      }
      after = rows[rows.length - 1]!.id;
      log(`… ${summary.total} files looked at`);
    }
  } catch (error) {
    if (!(error instanceof StoreUnreachable)) throw error;
    summary.stopped = true;
    summary.failed.push({ id: "-", storageName: "-", reason: `the store did not answer: ${error.message}` });
    log(`STOPPED  the store did not answer: ${error.message}`);
  }
  return summary;
}

/** The target stopped answering: every remaining file would fail the same way, after its retries. */
class StoreUnreachable extends Error {}
