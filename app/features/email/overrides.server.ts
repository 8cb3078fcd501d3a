import { audit } from "~/lib/audit.server";
import { invalid, isUniqueViolation, notFound } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { isLanguage, supportedLanguages, type Language } from "~/lib/i18n/config";
import { newId, nowIso } from "~/lib/ids.server";
import { absoluteUrl, emailFirmName, renderEmail, type EmailContent } from "./email.server";
import {
  builtInText,
  composeEmail,
  findEmailTemplate,
  listEmailTemplates,
  renderTemplateText,
  sendTemplatedEmail,
  unknownVariables,
  type EmailTemplate,
  type TemplateText,
} from "./templates.server";

/**
 * The firm's own text for its e-mail templates (table `templates`, kind "email", name = the
 * template's id, one row per language). Read from the database at every send: a saved override
 * applies at once on every instance, with no cache to empty. The e-mail module reads them through
 * `readTemplateOverride` (templates.server.ts); the templates screen edits them here.
 */
const KIND = "email";

export const TEMPLATE_PARTS = ["subject", "heading", "body", "action", "note"] as const;
export type TemplatePart = (typeof TEMPLATE_PARTS)[number];

export async function readTemplateOverride(templateId: string, language: Language): Promise<TemplateText | null> {
  const row = await db()
    .selectFrom("templates")
    .select(["subject", "heading", "body", "action", "note"])
    .where("kind", "=", KIND)
    .where("name", "=", templateId)
    .where("locale", "=", language)
    .executeTakeFirst();
  if (!row) return null;
  return { subject: row.subject ?? "", heading: row.heading ?? "", body: row.body, action: row.action ?? undefined, note: row.note ?? undefined };
}

function requireTemplate(templateId: string): EmailTemplate {
  const template = findEmailTemplate(templateId);
  if (!template) throw notFound("templates:errors.notFound");
  return template;
}

function requireLanguage(language: string): Language {
  if (!isLanguage(language)) throw notFound("templates:errors.notFound");
  return language;
}

export type TemplateSummary = { id: string; namespace: string; name: string; variables: readonly string[]; overridden: Language[] };

/** Every template with the languages the firm has overridden (the list is small: one row per template and language). */
export async function listTemplateSummaries(): Promise<TemplateSummary[]> {
  const templates = listEmailTemplates();
  const rows = templates.length
    ? await db()
        .selectFrom("templates")
        .select(["name", "locale"])
        .where("kind", "=", KIND)
        .where(
          "name",
          "in",
          templates.map((template) => template.id),
        )
        .execute()
    : [];
  return templates.map((template) => ({
    id: template.id,
    namespace: template.namespace,
    name: template.name,
    variables: template.variables,
    overridden: supportedLanguages.filter((language) => rows.some((row) => row.name === template.id && row.locale === language)),
  }));
}

export type TemplateCatalogueItem = TemplateSummary & { subject: string };

/** The list screen: every template with its built-in subject in the viewer's language (its name for people). */
export async function listTemplateCatalogue(language: Language): Promise<TemplateCatalogueItem[]> {
  const summaries = await listTemplateSummaries();
  return Promise.all(summaries.map(async (summary) => ({ ...summary, subject: (await builtInText(requireTemplate(summary.id), language)).subject })));
}

export type TemplateEditorView = {
  id: string;
  language: Language;
  variables: readonly string[];
  hasAction: boolean;
  builtIn: TemplateText;
  current: TemplateText;
  overridden: boolean;
  updatedAt: string | null;
};

export async function getTemplateForEditing(templateId: string, languageParam: string): Promise<TemplateEditorView> {
  const template = requireTemplate(templateId);
  const language = requireLanguage(languageParam);
  const [builtIn, row] = await Promise.all([
    builtInText(template, language),
    db()
      .selectFrom("templates")
      .select(["subject", "heading", "body", "action", "note", "updatedAt"])
      .where("kind", "=", KIND)
      .where("name", "=", template.id)
      .where("locale", "=", language)
      .executeTakeFirst(),
  ]);
  const current = row
    ? { subject: row.subject ?? "", heading: row.heading ?? "", body: row.body, action: row.action ?? undefined, note: row.note ?? undefined }
    : builtIn;
  return {
    id: template.id,
    language,
    variables: template.variables,
    hasAction: template.hasAction,
    builtIn,
    current,
    overridden: Boolean(row),
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The same text with empty optional parts left out. */
function normalise(text: TemplateText): TemplateText {
  return {
    subject: text.subject.trim(),
    heading: text.heading.trim(),
    body: text.body.replace(/\r\n/g, "\n").trim(),
    action: text.action?.trim() || undefined,
    note: text.note?.trim() || undefined,
  };
}

/**
 * Refuses a text that uses a variable the template does not offer (the message names it and the
 * field), that drops the button of a message that has one, or that does not render with the
 * template's sample values.
 */
export function checkTemplateText(template: EmailTemplate, text: TemplateText): void {
  for (const part of TEMPLATE_PARTS) {
    const value = text[part];
    if (!value) continue;
    const unknown = unknownVariables(template, value);
    if (unknown.length > 0) {
      throw invalid("templates:errors.unknownVariable", {
        field: part,
        params: { variable: `{{${unknown[0]}}}`, allowed: template.variables.map((name) => `{{${name}}}`).join(", ") },
      });
    }
  }
  // The button carries the message's link (a verification, an order): it cannot be left out.
  if (template.hasAction && !text.action) throw invalid("templates:errors.actionRequired", { field: "action" });
  try {
    renderTemplateText(text, template.sample, "https://example.test/");
  } catch {
    throw invalid("templates:errors.doesNotRender");
  }
}

export async function saveTemplateOverride(actor: { id: string }, templateId: string, languageParam: string, input: TemplateText): Promise<void> {
  const template = requireTemplate(templateId);
  const language = requireLanguage(languageParam);
  const text = normalise(input);
  checkTemplateText(template, text);
  const now = nowIso();
  const values = {
    subject: text.subject,
    heading: text.heading,
    body: text.body,
    action: text.action ?? null,
    note: text.note ?? null,
    updatedBy: actor.id,
    updatedAt: now,
  };
  const existing = await db()
    .selectFrom("templates")
    .select("id")
    .where("kind", "=", KIND)
    .where("name", "=", template.id)
    .where("locale", "=", language)
    .executeTakeFirst();
  if (existing) {
    await db().updateTable("templates").set(values).where("id", "=", existing.id).execute();
  } else {
    try {
      await db()
        .insertInto("templates")
        .values({ id: newId(), kind: KIND, name: template.id, locale: language, createdBy: actor.id, createdAt: now, ...values })
        .execute();
    } catch (error) {
      // Saved by someone else meanwhile: this save wins.
      if (!isUniqueViolation(error)) throw error;
      await db().updateTable("templates").set(values).where("kind", "=", KIND).where("name", "=", template.id).where("locale", "=", language).execute();
    }
  }
  await audit({ actorId: actor.id, action: "template.updated", targetType: "template", targetId: template.id, meta: { language } });
}

/** Back to the built-in text: the override is deleted. */
export async function resetTemplateOverride(actor: { id: string }, templateId: string, languageParam: string): Promise<void> {
  const template = requireTemplate(templateId);
  const language = requireLanguage(languageParam);
  await db().deleteFrom("templates").where("kind", "=", KIND).where("name", "=", template.id).where("locale", "=", language).execute();
  await audit({ actorId: actor.id, action: "template.reset", targetType: "template", targetId: template.id, meta: { language } });
}

export type TemplatePreview = { subject: string; html: string; text: string };

function previewOf(content: EmailContent, language: Language, firmName: string): TemplatePreview {
  const { html, text } = renderEmail(content, language, firmName);
  return { subject: content.subject, html, text };
}

/**
 * The message with the template's sample values: of a text being edited (checked as a save would
 * check it), or of what would be sent now (the override, or the built-in text).
 */
export async function previewTemplate(templateId: string, languageParam: string, draft?: TemplateText): Promise<TemplatePreview> {
  const template = requireTemplate(templateId);
  const language = requireLanguage(languageParam);
  const actionUrl = template.hasAction ? sampleActionUrl() : undefined;
  const firmName = await emailFirmName();
  if (draft) {
    const text = normalise(draft);
    checkTemplateText(template, text);
    return previewOf(renderTemplateText(text, template.sample, actionUrl), language, firmName);
  }
  return previewOf(await composeEmail(template, language, template.sample, actionUrl), language, firmName);
}

function sampleActionUrl(): string {
  return absoluteUrl("/");
}

/** The message as it would be sent now, with the sample values, to the signed-in person's own address. */
export async function sendTestEmail(actor: { id: string; email: string }, templateId: string, languageParam: string): Promise<void> {
  const template = requireTemplate(templateId);
  const language = requireLanguage(languageParam);
  await sendTemplatedEmail(template, { to: actor.email, language, values: template.sample, actionUrl: template.hasAction ? sampleActionUrl() : undefined });
  await audit({ actorId: actor.id, action: "template.test_sent", targetType: "template", targetId: template.id, meta: { language } });
}
