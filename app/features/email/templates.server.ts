import type Mail from "nodemailer/lib/mailer";
import { fallbackLanguage, isLanguage, type Language } from "~/lib/i18n/config";
import { getInstance } from "~/lib/i18n/i18n.server";
import { logger } from "~/lib/logger.server";
import { mailIsSilenced } from "~/lib/mail.server";
import { sendLocalizedEmail, type EmailContent } from "./email.server";

/**
 * Every e-mail the product sends is a named template with declared variables
 * (`{{clientName}}`, `{{orderReference}}`). Its built-in text lives in the area's
 * namespace under `email.<name>`: `subject`, `heading`, `body` (paragraphs separated by
 * a blank line), and optionally `action` (the button's label; the URL is a value) and
 * `note`. The firm may override a template per language on /dashboard/templates
 * (overrides.server.ts stores them); an override that fails to render falls back to the
 * built-in text and is logged.
 */
export type TemplateValues<Variable extends string> = Record<Variable, string | number>;

export type EmailTemplate<Variable extends string = string> = {
  /** "orders.statusChanged": the area's namespace, a dot, the template's name. */
  id: string;
  namespace: string;
  name: string;
  /** The variables its text may use. A saved override using another one is refused. */
  variables: readonly Variable[];
  /** Values for the preview and the test send. */
  sample: TemplateValues<Variable>;
  /** Whether the message has a button (its URL is the `actionUrl` value at send time). */
  hasAction: boolean;
};

export type TemplateText = { subject: string; heading: string; body: string; action?: string; note?: string };

const registry = new Map<string, EmailTemplate>();

export function defineEmailTemplate<Variable extends string>(template: {
  namespace: string;
  name: string;
  variables: readonly Variable[];
  sample: TemplateValues<Variable>;
  hasAction?: boolean;
}): EmailTemplate<Variable> {
  const defined: EmailTemplate<Variable> = { ...template, id: `${template.namespace}.${template.name}`, hasAction: template.hasAction ?? false };
  registry.set(defined.id, defined as EmailTemplate);
  return defined;
}

/** Every template defined so far (the areas define theirs when their module loads). */
export function listEmailTemplates(): EmailTemplate[] {
  return [...registry.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export function findEmailTemplate(id: string): EmailTemplate | undefined {
  return registry.get(id);
}

/** The built-in text of a template in a language (the locale files, English where a string is missing), variables unfilled. */
export async function builtInText(template: EmailTemplate, language: Language): Promise<TemplateText> {
  const [local, english] = await Promise.all([getInstance(language), getInstance(fallbackLanguage)]);
  const read = (part: string): string | undefined => {
    const key = `email.${template.name}.${part}`;
    const value = local.getResource(language, template.namespace, key) ?? english.getResource(fallbackLanguage, template.namespace, key);
    return typeof value === "string" && value ? value : undefined;
  };
  const required = (part: string) => read(part) ?? "";
  return { subject: required("subject"), heading: required("heading"), body: required("body"), action: read("action"), note: read("note") };
}

const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The variables a text uses that the template does not offer (an override is refused with these). */
export function unknownVariables(template: EmailTemplate, text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) if (!template.variables.includes(match[1]!)) unknown.add(match[1]!);
  return [...unknown];
}

/** Fills `{{name}}` with the values; an unknown or missing variable is an error (the caller falls back). */
export function fillVariables(text: string, values: Record<string, string | number>): string {
  return text.replace(VARIABLE, (_all, name: string) => {
    if (!(name in values)) throw new Error(`the template uses {{${name}}}, which has no value`);
    return String(values[name]);
  });
}

export function renderTemplateText(text: TemplateText, values: Record<string, string | number>, actionUrl?: string): EmailContent {
  return {
    subject: fillVariables(text.subject, values).replace(/\s+/g, " ").trim(),
    heading: fillVariables(text.heading, values),
    // Paragraphs are the template's (split before filling): a value with blank lines stays in its
    // paragraph, and a paragraph whose variables are empty is left out.
    paragraphs: text.body
      .split(/\n\s*\n/)
      .map((paragraph) => fillVariables(paragraph, values).trim())
      .filter(Boolean),
    action: text.action && actionUrl ? { label: fillVariables(text.action, values), url: actionUrl } : undefined,
    note: text.note ? fillVariables(text.note, values) : undefined,
  };
}

/**
 * Where the firm's saved overrides come from: the `templates` table (overrides.server.ts), read at
 * every send so that a save applies at once on every instance. Tests may put another source in.
 */
type OverrideSource = (templateId: string, language: Language) => Promise<TemplateText | null>;
const storedOverrides: OverrideSource = async (templateId, language) => (await import("./overrides.server")).readTemplateOverride(templateId, language);
let overrideSource: OverrideSource = storedOverrides;

/** Replaces the source of overrides; without an argument, back to the stored ones. */
export function setTemplateOverrideSource(source: OverrideSource = storedOverrides): void {
  overrideSource = source;
}

/** The message a template makes for these values: the firm's override if it renders, else the built-in text. */
export async function composeEmail<Variable extends string>(
  template: EmailTemplate<Variable>,
  language: Language,
  values: TemplateValues<Variable>,
  actionUrl?: string,
): Promise<EmailContent> {
  const override = await overrideSource(template.id, language).catch((error: unknown) => {
    logger.error({ err: error, template: template.id }, "e-mail template override could not be read");
    return null;
  });
  if (override) {
    try {
      return renderTemplateText(override, values, actionUrl);
    } catch (error) {
      logger.error({ err: error, template: template.id, language }, "e-mail template override failed to render; the built-in text was sent");
    }
  }
  return renderTemplateText(await builtInText(template, language), values, actionUrl);
}

/** Sends a templated message in the recipient's language (English when theirs is unknown). */
export async function sendTemplatedEmail<Variable extends string>(
  template: EmailTemplate<Variable>,
  options: {
    to: string;
    language: string | null | undefined;
    values: TemplateValues<Variable>;
    actionUrl?: string;
    attachments?: Mail.Attachment[];
    replyTo?: string;
  },
): Promise<void> {
  if (mailIsSilenced()) return;
  const language = isLanguage(options.language) ? options.language : fallbackLanguage;
  const content = await composeEmail(template, language, options.values, options.actionUrl);
  await sendLocalizedEmail({ to: options.to, language, namespaces: [], build: () => content, attachments: options.attachments, replyTo: options.replyTo });
}
