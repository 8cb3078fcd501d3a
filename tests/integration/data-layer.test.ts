import { sql } from "kysely";
import { expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { seedDemoAccounts } from "~/features/demo/demo.server";
import { verifyPassword } from "~/core/identity/password.server";
import { toJson } from "~/lib/db/connection.server";
import { BOOLEAN_COLUMNS, JSON_COLUMNS } from "~/lib/db/schema";
import { migrateToLatest } from "~/lib/db/migrate.server";
import { newId } from "~/lib/ids.server";
import { migrations } from "../../db/migrations/index";
import { createTestDatabase, describeEachDialect, whileSchemasStay } from "../setup/database";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDialect("data layer", (db, dialect) => {
  it.runIf(dialect === "postgres")("knows every boolean and JSON column, so SQLite hands back the same values", async () => {
    const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    const tables = await whileSchemasStay(dialect, () => db().introspection.getTables());
    const booleans = new Set<string>();
    const jsons = new Set<string>();
    for (const table of tables) {
      for (const column of table.columns) {
        if (column.dataType === "bool") booleans.add(camel(column.name));
        if (column.dataType === "jsonb" || column.dataType === "json") jsons.add(camel(column.name));
      }
    }
    expect([...booleans].filter((name) => !BOOLEAN_COLUMNS.has(name))).toEqual([]);
    expect([...jsons].filter((name) => !JSON_COLUMNS.has(name))).toEqual([]);
  });

  it("hands back the same plain values on every dialect", async () => {
    const id = newId();
    await db()
      .insertInto("users")
      .values({ id, email: `${id}@example.com`, passwordHash: "x", fullName: "Test", enabledFeatures: toJson(["reports", "inbox"]) })
      .execute();
    const user = await db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(user.createdAt).toMatch(ISO);
    expect(user.enabledFeatures).toEqual(["reports", "inbox"]);
    expect(user.role).toBe("client");
    expect(user.emailVerifiedAt).toBeNull();

    await db()
      .insertInto("sessions")
      .values({ id: newId(), userId: id, remember: true, expiresAt: new Date(Date.UTC(2030, 0, 1)).toISOString() })
      .execute();
    const session = await db().selectFrom("sessions").selectAll().where("userId", "=", id).executeTakeFirstOrThrow();
    expect(session.remember).toBe(true);
    expect(session.expiresAt).toBe("2030-01-01T00:00:00.000Z");

    const { count } = await db()
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("userId", "=", id)
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
  });

  it("keeps the keys inside JSON values as written", async () => {
    await db()
      .insertInto("contentSections")
      .values({ key: "json-keys", locale: "*", data: toJson({ snake_case: 1, camelCase: 2, nested: { title_en: "x" } }) })
      .execute();
    const row = await db().selectFrom("contentSections").select("data").where("key", "=", "json-keys").executeTakeFirstOrThrow();
    expect(row.data).toEqual({ snake_case: 1, camelCase: 2, nested: { title_en: "x" } });
  });

  it("compares timestamps in time order", async () => {
    const userId = newId();
    await db()
      .insertInto("users")
      .values({ id: userId, email: `${userId}@example.com`, passwordHash: "x", fullName: "T", enabledFeatures: "[]" })
      .execute();
    for (const expiresAt of ["2020-01-01T00:00:00.000Z", "2035-06-01T12:00:00.000Z"]) {
      await db().insertInto("sessions").values({ id: newId(), userId, remember: false, expiresAt }).execute();
    }
    const live = await db().selectFrom("sessions").select("expiresAt").where("userId", "=", userId).where("expiresAt", ">", new Date().toISOString()).execute();
    expect(live.map((row) => row.expiresAt)).toEqual(["2035-06-01T12:00:00.000Z"]);
  });

  it("enforces foreign keys and unique e-mails", async () => {
    await expect(
      db().insertInto("sessions").values({ id: newId(), userId: "no-such-user", remember: false, expiresAt: "2030-01-01T00:00:00.000Z" }).execute(),
    ).rejects.toThrow();
    const id = newId();
    await db().insertInto("users").values({ id, email: "dup@example.com", passwordHash: "x", fullName: "A", enabledFeatures: "[]" }).execute();
    await expect(
      db().insertInto("users").values({ id: newId(), email: "dup@example.com", passwordHash: "x", fullName: "B", enabledFeatures: "[]" }).execute(),
    ).rejects.toThrow();
  });

  it("re-running migrations changes nothing", async () => {
    const { results } = await whileSchemasStay(dialect, () => migrateToLatest(db()));
    expect(results).toEqual([]);
  });

  it.runIf(dialect === "postgres")("migrates a second copy of the app in another schema of the same database", async () => {
    // This run's schema already holds Kysely's migration tables; the second schema gets its own.
    const second = await createTestDatabase("postgres");
    try {
      const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(second.db);
      expect(Number(rows[0]!.n)).toBe(Object.keys(migrations).length);
      expect(await whileSchemasStay(dialect, () => migrateToLatest(second.db))).toMatchObject({ results: [] });
    } finally {
      await second.close();
    }
  });

  it("seeds the public content in three languages, once", async () => {
    await seedPublicContent(db());
    await seedPublicContent(db());
    const services = await db().selectFrom("services").select("key").orderBy("sortOrder").execute();
    expect(services.map((service) => service.key)).toEqual(["tax_efiling", "bookkeeping", "translation", "immigration", "notary"]);
    const translations = await db().selectFrom("serviceTranslations").select(["locale"]).execute();
    expect(translations).toHaveLength(15);
    const faqs = await db().selectFrom("faqTranslations").select("locale").where("locale", "=", "ar").execute();
    expect(faqs).toHaveLength(5);
    const firm = await db().selectFrom("contentSections").select("data").where("key", "=", "firm").executeTakeFirstOrThrow();
    expect(firm.data).toMatchObject({ name: expect.any(String), timeZone: expect.any(String) });
    const legal = await db().selectFrom("contentSections").select("key").where("key", "like", "legal.%").execute();
    expect(legal).toHaveLength(9);
  });

  it("keeps an admin's edit when seeding again", async () => {
    await seedPublicContent(db());
    await db()
      .updateTable("contentSections")
      .set({ data: toJson({ title: "Edited" }) })
      .where("key", "=", "about")
      .where("locale", "=", "en")
      .execute();
    await seedPublicContent(db());
    const about = await db().selectFrom("contentSections").select("data").where("key", "=", "about").where("locale", "=", "en").executeTakeFirstOrThrow();
    expect(about.data).toEqual({ title: "Edited" });
  });

  it("creates the demo accounts with their records, idempotently", async () => {
    await seedPublicContent(db());
    await seedDemoAccounts(db(), "Demo-Passw0rd!");
    const demoUsers = () =>
      db()
        .selectFrom("users")
        .select(["id", "email", "role", "passwordHash", "emailVerifiedAt"])
        .where("email", "like", "%@demo.test")
        .orderBy("email")
        .execute();
    const first = await demoUsers();
    await seedDemoAccounts(db(), "Other-Passw0rd!");
    const users = await demoUsers();
    expect(users).toEqual(first);
    // The four accounts of the contract with their roles; every other demo account is a client.
    const contract = ["admin@demo.test", "client2@demo.test", "client@demo.test", "owner@demo.test"];
    expect(users.filter((user) => contract.includes(user.email)).map((user) => [user.email, user.role])).toEqual([
      ["admin@demo.test", "admin"],
      ["client2@demo.test", "client"],
      ["client@demo.test", "client"],
      ["owner@demo.test", "owner"],
    ]);
    const others = users.filter((user) => !contract.includes(user.email));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((user) => user.role !== "client").map((user) => user.email)).toEqual([]);
    const client = users.find((user) => user.email === "client@demo.test")!;
    expect(client.emailVerifiedAt).toMatch(ISO);
    const features = await db().selectFrom("users").select("enabledFeatures").where("id", "=", client.id).executeTakeFirstOrThrow();
    expect(features.enabledFeatures).toEqual(["service_orders", "appointments", "reports"]);
    expect(await verifyPassword(client.passwordHash, "Demo-Passw0rd!")).toBe(true);
    const counts = await Promise.all([
      db().selectFrom("serviceOrders").select("id").where("clientId", "=", client.id).execute(),
      db().selectFrom("appointments").select("id").where("clientId", "=", client.id).execute(),
      db().selectFrom("reports").select("id").where("clientId", "=", client.id).execute(),
      db().selectFrom("notifications").select("id").where("userId", "=", client.id).execute(),
    ]);
    expect(counts.map((rows) => rows.length > 0)).toEqual([true, true, true, true]);
    const client2 = users.find((user) => user.email === "client2@demo.test")!;
    const shared = await db().selectFrom("serviceOrders").select("id").where("clientId", "in", [client.id, client2.id]).execute();
    const own = counts[0]!.length;
    expect(shared.length).toBeGreaterThan(own);
  }, 60_000); // two whole demo seeds: under CI's parallel files on two cores, PostgreSQL took more than the default 20 s

  it("refuses a second hold on the same appointment slot", async () => {
    const slot = "2031-03-03T15:00:00.000Z";
    const [first, second] = await db().selectFrom("appointments").select("id").limit(2).execute();
    expect(second).toBeDefined();
    await db().deleteFrom("appointmentSlotHolds").where("appointmentId", "in", [first!.id, second!.id]).execute();
    await db().insertInto("appointmentSlotHolds").values({ slotStart: slot, appointmentId: first!.id }).execute();
    await expect(db().insertInto("appointmentSlotHolds").values({ slotStart: slot, appointmentId: second!.id }).execute()).rejects.toThrow();
  });
});
