// npm run storage:migrate — copies the stored files from DATA_DIR/files to the S3-compatible store set by
// S3_*, verifying each by its SHA-256; safe to run again (what is there and verified is skipped).
import { closeDb, db } from "../app/lib/db/db.server";
import { env, EnvError } from "../app/lib/env.server";
import { DiskBackend } from "../app/lib/storage/disk.server";
import { migrateStorage } from "../app/lib/storage/migrate.server";
import { S3Backend } from "../app/lib/storage/s3.server";
import { diskFilesDir } from "../app/lib/storage.server";

async function main(): Promise<number> {
  const config = env();
  if (!config.s3) {
    console.error("No object storage is set: set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (and S3_ENDPOINT or S3_REGION) to copy the files there.");
    return 2;
  }
  const source = new DiskBackend(diskFilesDir(config));
  const target = new S3Backend(config.s3);
  try {
    console.log(`copying stored files from ${source.description} to ${target.description}`);
    const summary = await migrateStorage({ db: db(), source, target, log: (line) => console.log(line) });
    console.log(
      [
        `files:           ${summary.total}`,
        `copied:          ${summary.copied}`,
        `already there:   ${summary.alreadyThere}`,
        `replaced:        ${summary.replaced} (the store's copy did not match its hash)`,
        `failed:          ${summary.failed.length}`,
      ].join("\n"),
    );
    for (const failure of summary.failed) console.error(`  ${failure.id} (${failure.storageName}): ${failure.reason}`);
    if (summary.stopped) console.error("stopped early: run it again once the store answers");
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    target.close();
  }
}

main()
  .then(async (code) => {
    await closeDb();
    process.exitCode = code;
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    await closeDb();
    process.exitCode = 1;
  });
