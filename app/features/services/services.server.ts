import { sql, type RawBuilder } from "kysely";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { isAdminRole } from "~/lib/features";
import { fallbackLanguage, supportedLanguages } from "~/lib/i18n/config";
import { newId, nowIso } from "~/lib/ids.server";
import { conflict, forbidden, isUniqueViolation, notFound } from "~/lib/app-error";
import { clearPublicCache } from "~/features/content/index.server";
import type { ServiceCreateInput, ServiceUpdateInput } from "./services.schema";

/**
 * The services the firm offers (tables services, service_translations):
 * read by anyone in their language, written by staff.
 */
export type ServiceView = {
  id: string;
  key: string;
  icon: string;
  sortOrder: number;
  active: boolean;
  durationMinutes: number;
  priceFromCents: number | null;
  title: string;
  description: string;
  fullDescription: string;
};

type Actor = { id: string; role: string };

/**
 * The one translated service title other areas select (orders, appointments, overviews):
 * the title in `language`, else in English, else the service's key. `serviceId` is the
 * column holding the service's id in the caller's query, e.g. "o.serviceId".
 * Two primary-key lookups per row; the caller's query keeps its own joins.
 */
export function serviceTitleSql(serviceId: string, language: string): RawBuilder<string> {
  const id = sql.ref(serviceId);
  return sql<string>`coalesce(
    (select st.title from service_translations st where st.service_id = ${id} and st.locale = ${language}),
    (select st.title from service_translations st where st.service_id = ${id} and st.locale = ${fallbackLanguage}),
    (select sv.key from services sv where sv.id = ${id}))`;
}

/** A service's key (language-neutral), for other areas' queries: `serviceKeySql("o.serviceId")`. */
export function serviceKeySql(serviceId: string): RawBuilder<string> {
  return sql<string>`(select sv.key from services sv where sv.id = ${sql.ref(serviceId)})`;
}

function baseQuery(language: string) {
  return db()
    .selectFrom("services")
    .leftJoin("serviceTranslations as tr", (join) => join.onRef("tr.serviceId", "=", "services.id").on("tr.locale", "=", language))
    .leftJoin("serviceTranslations as fb", (join) => join.onRef("fb.serviceId", "=", "services.id").on("fb.locale", "=", fallbackLanguage))
    .select((eb) => [
      "services.id",
      "services.key",
      "services.icon",
      "services.sortOrder",
      "services.active",
      "services.durationMinutes",
      "services.priceFromCents",
      eb.fn.coalesce("tr.title", "fb.title", "services.key").as("title"),
      eb.fn.coalesce("tr.description", "fb.description", eb.val("")).as("description"),
      eb.fn.coalesce("tr.fullDescription", "fb.fullDescription", eb.val("")).as("fullDescription"),
    ]);
}

/** The services, in the reader's language (English where a translation is missing). */
export async function listServices(language: string, options: { includeInactive?: boolean } = {}): Promise<ServiceView[]> {
  let query = baseQuery(language).orderBy("services.sortOrder", "asc").orderBy("services.key", "asc").limit(100);
  if (!options.includeInactive) query = query.where("services.active", "=", true);
  return (await query.execute()) as ServiceView[];
}

/** One service by id or key; inactive ones only for staff. */
export async function getService(idOrKey: string, language: string, options: { includeInactive?: boolean } = {}): Promise<ServiceView | null> {
  let query = baseQuery(language).where((eb) => eb.or([eb("services.id", "=", idOrKey), eb("services.key", "=", idOrKey)]));
  if (!options.includeInactive) query = query.where("services.active", "=", true);
  return ((await query.executeTakeFirst()) as ServiceView | undefined) ?? null;
}

/**
 * The titles of some services in `language` (English, then the key, where missing), by id:
 * for texts that keep a service's id and are written for each reader (notifications).
 */
export async function serviceTitles(ids: readonly string[], language: string, executor = db()): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].slice(0, 500);
  if (unique.length === 0) return new Map();
  const rows = await executor
    .selectFrom("services")
    .select(["services.id", serviceTitleSql("services.id", language).as("title")])
    .where("services.id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.id, String(row.title)]));
}

function requireStaffActor(actor: Actor): void {
  if (!isAdminRole(actor.role)) throw forbidden();
}

export async function createService(actor: Actor, input: ServiceCreateInput, language: string): Promise<ServiceView> {
  requireStaffActor(actor);
  const exists = await db().selectFrom("services").select("id").where("key", "=", input.key).executeTakeFirst();
  if (exists) throw conflict("orders:errors.serviceKeyTaken", { field: "key" });
  const id = newId();
  await insertService(id, input);
  await audit({ actorId: actor.id, action: "service.created", targetType: "service", targetId: id, meta: { key: input.key } });
  clearPublicCache();
  return (await getService(id, language, { includeInactive: true }))!;
}

async function insertService(id: string, input: ServiceCreateInput): Promise<void> {
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        // A new service goes last unless it names its place.
        const last =
          input.sortOrder === undefined
            ? await trx
                .selectFrom("services")
                .select((eb) => eb.fn.max("sortOrder").as("last"))
                .executeTakeFirst()
            : null;
        await trx
          .insertInto("services")
          .values({
            id,
            key: input.key,
            icon: input.icon,
            sortOrder: input.sortOrder ?? Number(last?.last ?? 0) + 1,
            active: input.active ?? true,
            durationMinutes: input.durationMinutes,
            priceFromCents: input.priceFromCents ?? null,
          })
          .execute();
        await trx
          .insertInto("serviceTranslations")
          .values(supportedLanguages.map((locale) => ({ serviceId: id, locale, ...input.translations[locale] })))
          .execute();
      });
  } catch (error) {
    // Two staff creating the same key at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict("orders:errors.serviceKeyTaken", { field: "key" });
    throw error;
  }
}

export async function updateService(actor: Actor, id: string, input: ServiceUpdateInput, language: string): Promise<ServiceView> {
  requireStaffActor(actor);
  const existing = await db().selectFrom("services").select("id").where("id", "=", id).executeTakeFirst();
  if (!existing) throw notFound("orders:errors.serviceNotFound");
  const { translations, ...fields } = input;
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("services")
        .set({ ...fields, updatedAt: nowIso() })
        .where("id", "=", id)
        .execute();
      for (const locale of supportedLanguages) {
        const patch = translations?.[locale];
        if (!patch || Object.keys(patch).length === 0) continue;
        const row = await trx.selectFrom("serviceTranslations").select("locale").where("serviceId", "=", id).where("locale", "=", locale).executeTakeFirst();
        if (row) await trx.updateTable("serviceTranslations").set(patch).where("serviceId", "=", id).where("locale", "=", locale).execute();
        else if (patch.title && patch.description && patch.fullDescription) {
          await trx
            .insertInto("serviceTranslations")
            .values({ serviceId: id, locale, title: patch.title, description: patch.description, fullDescription: patch.fullDescription })
            .execute();
        }
      }
    });
  await audit({
    actorId: actor.id,
    action: "service.updated",
    targetType: "service",
    targetId: id,
    meta: { fields: Object.keys(fields), languages: Object.keys(translations ?? {}) },
  });
  clearPublicCache();
  return (await getService(id, language, { includeInactive: true }))!;
}

/** Whether a record of another area (an order, an appointment) refers to the service. */
export type ServiceUse = (serviceId: string) => Promise<boolean>;

/**
 * Removes a service that has never been ordered or booked; one in use is deactivated instead.
 * `uses` are the questions of the areas above this one that refer to services, asked in turn
 * (the route passes them: this area does not know who uses it).
 */
export async function deleteService(actor: Actor, id: string, uses: readonly ServiceUse[]): Promise<{ deleted: boolean; deactivated: boolean }> {
  requireStaffActor(actor);
  const existing = await db().selectFrom("services").select("id").where("id", "=", id).executeTakeFirst();
  if (!existing) throw notFound("orders:errors.serviceNotFound");
  if (await inUse(id, uses)) {
    await db().updateTable("services").set({ active: false, updatedAt: nowIso() }).where("id", "=", id).execute();
    await audit({ actorId: actor.id, action: "service.deactivated", targetType: "service", targetId: id });
    clearPublicCache();
    return { deleted: false, deactivated: true };
  }
  await db().deleteFrom("services").where("id", "=", id).execute();
  await audit({ actorId: actor.id, action: "service.deleted", targetType: "service", targetId: id });
  clearPublicCache();
  return { deleted: true, deactivated: false };
}

async function inUse(id: string, uses: readonly ServiceUse[]): Promise<boolean> {
  for (const refersTo of uses) if (await refersTo(id)) return true;
  return false;
}

export type ServiceForEdit = Omit<ServiceView, "title" | "description" | "fullDescription"> & {
  translations: Record<string, { title: string; description: string; fullDescription: string }>;
};

/** A service with its texts in every language, for the back-office form; null when unknown. */
export async function getServiceForEdit(actor: Actor, id: string): Promise<ServiceForEdit | null> {
  requireStaffActor(actor);
  const service = await db()
    .selectFrom("services")
    .select(["id", "key", "icon", "sortOrder", "active", "durationMinutes", "priceFromCents"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!service) return null;
  const rows = await db().selectFrom("serviceTranslations").select(["locale", "title", "description", "fullDescription"]).where("serviceId", "=", id).execute();
  return { ...service, translations: Object.fromEntries(rows.map(({ locale, ...texts }) => [locale, texts])) };
}

/**
 * Moves a service one place up or down in the display order. The order is written again as
 * 1, 2, 3… (the list is short: at most a hundred services).
 */
export async function moveService(actor: Actor, id: string, direction: "up" | "down"): Promise<void> {
  requireStaffActor(actor);
  const moved = await db()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx.selectFrom("services").select(["id", "sortOrder"]).orderBy("sortOrder").orderBy("key").limit(100).execute();
      const index = rows.findIndex((row) => row.id === id);
      if (index < 0) throw notFound("orders:errors.serviceNotFound");
      const target = direction === "up" ? index - 1 : index + 1;
      if (target < 0 || target >= rows.length) return false;
      [rows[index], rows[target]] = [rows[target]!, rows[index]!];
      for (const [position, row] of rows.entries()) {
        if (row.sortOrder !== position + 1)
          await trx
            .updateTable("services")
            .set({ sortOrder: position + 1, updatedAt: nowIso() })
            .where("id", "=", row.id)
            .execute();
      }
      return true;
    });
  if (moved) await audit({ actorId: actor.id, action: "service.moved", targetType: "service", targetId: id, meta: { direction } });
  clearPublicCache();
}

/** Shows or hides a service: a hidden one leaves the public site and what clients can order; orders keep it. */
export async function setServiceVisible(actor: Actor, id: string, visible: boolean): Promise<void> {
  requireStaffActor(actor);
  const result = await db().updateTable("services").set({ active: visible, updatedAt: nowIso() }).where("id", "=", id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("orders:errors.serviceNotFound");
  await audit({ actorId: actor.id, action: visible ? "service.shown" : "service.hidden", targetType: "service", targetId: id });
  clearPublicCache();
}
