import { db } from "~/lib/db/db.server";
import { notFound } from "~/lib/app-error";
import { newId, nowIso } from "~/lib/ids.server";
import type { RequestItemDefinition } from "~/lib/db/schema";
import { assertRequestStaff, type Actor } from "./request-access.server";
import { auditRequest } from "./request-events.server";
import type { ItemDefinition, TemplateData } from "./requests.schema";

/** Request templates (table request_templates: the only code touching it), per service and language; staff with `requests`. */
export type RequestTemplate = {
  id: string;
  serviceKey: string | null;
  locale: string;
  title: string;
  message: string;
  items: ItemDefinition[];
  createdAt: string;
  updatedAt: string;
};

const notFoundTemplate = () => notFound("requests:errors.templateNotFound");

function toTemplate(row: {
  id: string;
  serviceKey: string | null;
  locale: string;
  title: string;
  message: string;
  itemDefinitions: RequestItemDefinition[];
  createdAt: string;
  updatedAt: string;
}): RequestTemplate {
  const { itemDefinitions, ...rest } = row;
  return { ...rest, items: itemDefinitions as ItemDefinition[] };
}

/** Templates, by service then title; `serviceKey` and `locale` narrow them (a template without a service fits every service). */
export async function listTemplates(actor: Actor, filters: { serviceKey?: string | null; locale?: string } = {}): Promise<RequestTemplate[]> {
  assertRequestStaff(actor);
  let query = db().selectFrom("requestTemplates").selectAll();
  if (filters.serviceKey) query = query.where((eb) => eb.or([eb("serviceKey", "=", filters.serviceKey!), eb("serviceKey", "is", null)]));
  if (filters.locale) query = query.where("locale", "=", filters.locale);
  const rows = await query.orderBy("serviceKey").orderBy("locale").orderBy("title").limit(500).execute();
  return rows.map(toTemplate);
}

export async function getTemplate(actor: Actor, id: string): Promise<RequestTemplate> {
  assertRequestStaff(actor);
  const row = await db().selectFrom("requestTemplates").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFoundTemplate();
  return toTemplate(row);
}

/** A template as TemplateSchema parsed it (page or API). */
export async function createTemplate(actor: Actor, template: TemplateData): Promise<{ id: string }> {
  assertRequestStaff(actor);
  const id = newId();
  const now = nowIso();
  await db()
    .insertInto("requestTemplates")
    .values({
      id,
      serviceKey: template.serviceKey ?? null,
      locale: template.locale,
      title: template.title,
      message: template.message,
      itemDefinitions: JSON.stringify(template.items),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await auditRequest(actor, "request.template_saved", id, { title: template.title }, "request_template");
  return { id };
}

export async function updateTemplate(actor: Actor, id: string, template: TemplateData): Promise<void> {
  await getTemplate(actor, id);
  await db()
    .updateTable("requestTemplates")
    .set({
      serviceKey: template.serviceKey ?? null,
      locale: template.locale,
      title: template.title,
      message: template.message,
      itemDefinitions: JSON.stringify(template.items),
      updatedAt: nowIso(),
    })
    .where("id", "=", id)
    .execute();
  await auditRequest(actor, "request.template_saved", id, { title: template.title }, "request_template");
}

export async function deleteTemplate(actor: Actor, id: string): Promise<void> {
  const template = await getTemplate(actor, id);
  await db().deleteFrom("requestTemplates").where("id", "=", id).execute();
  await auditRequest(actor, "request.template_deleted", id, { title: template.title }, "request_template");
}
