// npm run db:migrate | npm run seed — the same steps `npm start` takes, on their own.
import { registerNotifier } from "../app/core/notify.server";
import { seedPublicContent } from "../app/features/content/seed.server";
import { seedDemoAccounts } from "../app/features/demo/demo.server";
import { notify } from "../app/features/notifications/notifications.server";
import { closeDb, db } from "../app/lib/db/db.server";
import { migrateToLatest } from "../app/lib/db/migrate.server";
import { env, EnvError } from "../app/lib/env.server";

// The demo's stories notify (a contact message tells the staff): the notifications area delivers.
registerNotifier(notify);

async function main(command: string | undefined) {
  const { results } = await migrateToLatest(db());
  for (const result of results ?? []) console.log(`applied ${result.migrationName}`);
  if (command === "migrate") {
    console.log(`database is up to date (${env().dialect})`);
    return;
  }
  if (command === "seed") {
    await seedPublicContent(db());
    console.log("public content seeded");
    if (env().seedDemo) {
      await seedDemoAccounts(db(), env().demoPassword, env().demoTotpSecret);
      console.log("demo accounts ready");
    }
    return;
  }
  throw new Error(`unknown command ${command ?? ""}: use migrate or seed`);
}

main(process.argv[2])
  .then(() => closeDb())
  .catch(async (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    await closeDb();
    process.exit(1);
  });
