import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { toJson } from "~/lib/db/connection.server";
import { AppError, forbidden, notFound } from "~/lib/app-error";
import { isAdminRole } from "~/lib/features";
import { newId, nowIso } from "~/lib/ids.server";
import { clearPublicCache } from "./content.server";
import { renderMarkdown } from "~/core/markdown.server";
import { userColumnSql } from "~/core/identity/directory.server";
import { CONTENT_LANGUAGES, isLocalized, SECTION_IDS, SECTION_SCHEMAS, storageLocale, type ContentLanguage, type SectionId } from "./sections";

/**
 * The back-office side of the public content (tables content_sections, content_section_versions):
 * what each section holds per language, every save kept as a version, comparing and restoring.
 * Every save empties the public caches (clearPublicCache), so the site shows it on the next view.
 */
type Actor = { id: string; role: string };

function requireAdmin(actor: Actor): void {
  if (!isAdminRole(actor.role)) throw forbidden();
}

export type SectionStatus = {
  locale: string;
  updatedAt: string | null;
  /** English was saved after this language's last save. */
  lagging: boolean;
};
export type SectionOverview = { id: SectionId; localized: boolean; statuses: SectionStatus[] };

/**
 * The sections with, per language, when they were last saved and whether they lag behind English.
 * Two small aggregate reads (nine sections, at most three languages each).
 */
export async function listSectionsOverview(): Promise<SectionOverview[]> {
  const [rows, englishSaves] = await Promise.all([
    db()
      .selectFrom("contentSections")
      .select(["key", "locale", "updatedAt"])
      .where("key", "in", [...SECTION_IDS])
      .execute(),
    db()
      .selectFrom("contentSectionVersions")
      .select((eb) => ["sectionKey", eb.fn.max("createdAt").as("lastSave")])
      .where("locale", "=", "en")
      .where("createdBy", "is not", null)
      .groupBy("sectionKey")
      .execute(),
  ]);
  const updated = new Map(rows.map((row) => [`${row.key}:${row.locale}`, String(row.updatedAt)]));
  const englishLast = new Map(englishSaves.map((row) => [row.sectionKey, row.lastSave ? String(row.lastSave) : null]));
  return SECTION_IDS.map((id) => {
    const localized = isLocalized(id);
    const locales = localized ? CONTENT_LANGUAGES : (["*"] as const);
    return {
      id,
      localized,
      statuses: locales.map((locale) => {
        const updatedAt = updated.get(`${id}:${locale}`) ?? null;
        const english = englishLast.get(id) ?? null;
        return { locale, updatedAt, lagging: isLagging(locale, updatedAt, english) };
      }),
    };
  });
}

function isLagging(locale: string, updatedAt: string | null, englishLastSave: string | null): boolean {
  if (locale === "en" || locale === "*" || !englishLastSave) return false;
  return !updatedAt || isAfter(englishLastSave, updatedAt);
}

function isAfter(a: string, b: string): boolean {
  return new Date(a).getTime() > new Date(b).getTime();
}

export type SectionVersion = { id: string; createdAt: string; createdBy: string | null; authorName: string | null };

export type SectionForEdit = {
  id: SectionId;
  locale: string;
  data: Record<string, unknown> | null;
  updatedAt: string | null;
  /** English's last save, when this language lags behind it. */
  laggingSince: string | null;
  versions: SectionVersion[];
};

/** A section in one language with its last 30 versions, newest first. */
export async function getSectionForEdit(id: SectionId, language: ContentLanguage): Promise<SectionForEdit> {
  const locale = storageLocale(id, language);
  const [row, versions, englishLast] = await Promise.all([
    db().selectFrom("contentSections").select(["data", "updatedAt"]).where("key", "=", id).where("locale", "=", locale).executeTakeFirst(),
    db()
      .selectFrom("contentSectionVersions as v")
      .select(["v.id", "v.createdAt", "v.createdBy", userColumnSql("v.createdBy", "fullName").as("authorName")])
      .where("v.sectionKey", "=", id)
      .where("v.locale", "=", locale)
      .orderBy("v.createdAt", "desc")
      .orderBy("v.id", "desc")
      .limit(30)
      .execute(),
    db()
      .selectFrom("contentSectionVersions")
      .select((eb) => eb.fn.max("createdAt").as("lastSave"))
      .where("sectionKey", "=", id)
      .where("locale", "=", "en")
      .where("createdBy", "is not", null)
      .executeTakeFirst(),
  ]);
  const updatedAt = row ? String(row.updatedAt) : null;
  const english = englishLast?.lastSave ? String(englishLast.lastSave) : null;
  return {
    id,
    locale,
    data: (row?.data as Record<string, unknown> | undefined) ?? null,
    updatedAt,
    laggingSince: isLagging(locale, updatedAt, english) ? english : null,
    versions: versions.map((version) => ({ ...version, createdAt: String(version.createdAt), authorName: version.authorName ?? null })),
  };
}

/** Checks a section's data against its shape; the firm's fields nobody edits here (map position, links) are kept. */
async function prepare(id: SectionId, locale: string, input: unknown): Promise<Record<string, unknown>> {
  const parsed = SECTION_SCHEMAS[id].safeParse(input);
  if (!parsed.success) throw new AppError(422, "content:errors.invalid");
  const data = parsed.data as Record<string, unknown>;
  if (id !== "firm") return data;
  const current = await db().selectFrom("contentSections").select("data").where("key", "=", id).where("locale", "=", locale).executeTakeFirst();
  return { ...((current?.data as Record<string, unknown> | undefined) ?? {}), ...data };
}

/**
 * Saves a section in one language and keeps the save as a version. The first save of a section also
 * keeps what was there before (the seeded text) as a version, so it can be restored.
 */
export async function saveSection(actor: Actor, id: SectionId, language: ContentLanguage, input: unknown): Promise<{ versionId: string }> {
  requireAdmin(actor);
  const saved = await writeSection(actor, id, language, input);
  await audit({
    actorId: actor.id,
    action: "content.section_saved",
    targetType: "content_section",
    targetId: id,
    meta: { language, versionId: saved.versionId },
  });
  return saved;
}

async function writeSection(actor: Actor, id: SectionId, language: ContentLanguage, input: unknown): Promise<{ versionId: string }> {
  const locale = storageLocale(id, language);
  const data = await prepare(id, locale, input);
  const versionId = newId();
  await db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom("contentSections")
        .select(["data", "updatedAt", "updatedBy"])
        .where("key", "=", id)
        .where("locale", "=", locale)
        .executeTakeFirst();
      const now = nowIso();
      if (current) {
        const kept = await trx
          .selectFrom("contentSectionVersions")
          .select("id")
          .where("sectionKey", "=", id)
          .where("locale", "=", locale)
          .limit(1)
          .executeTakeFirst();
        if (!kept) {
          await trx
            .insertInto("contentSectionVersions")
            .values({ id: newId(), sectionKey: id, locale, data: toJson(current.data), createdBy: null, createdAt: String(current.updatedAt) })
            .execute();
        }
        await trx
          .updateTable("contentSections")
          .set({ data: toJson(data), updatedBy: actor.id, updatedAt: now })
          .where("key", "=", id)
          .where("locale", "=", locale)
          .execute();
      } else {
        await trx
          .insertInto("contentSections")
          .values({ key: id, locale, data: toJson(data), updatedBy: actor.id, updatedAt: now })
          .execute();
      }
      await trx
        .insertInto("contentSectionVersions")
        .values({ id: versionId, sectionKey: id, locale, data: toJson(data), createdBy: actor.id, createdAt: now })
        .execute();
    });
  clearPublicCache();
  return { versionId };
}

/** One kept version of a section in a language, or a not-found refusal. */
export async function getSectionVersion(
  id: SectionId,
  language: ContentLanguage,
  versionId: string,
): Promise<{ id: string; createdAt: string; data: Record<string, unknown> }> {
  const version = await db()
    .selectFrom("contentSectionVersions")
    .select(["id", "createdAt", "data"])
    .where("id", "=", versionId)
    .where("sectionKey", "=", id)
    .where("locale", "=", storageLocale(id, language))
    .executeTakeFirst();
  if (!version) throw notFound("content:errors.versionNotFound");
  return { id: version.id, createdAt: String(version.createdAt), data: version.data as Record<string, unknown> };
}

/** Puts a kept version back: a new save with that version's data (itself kept as a version). */
export async function restoreSectionVersion(actor: Actor, id: SectionId, language: ContentLanguage, versionId: string): Promise<{ versionId: string }> {
  requireAdmin(actor);
  const version = await getSectionVersion(id, language, versionId);
  const restored = await writeSection(actor, id, language, version.data);
  await audit({
    actorId: actor.id,
    action: "content.section_restored",
    targetType: "content_section",
    targetId: id,
    meta: { language, from: versionId, versionId: restored.versionId },
  });
  return restored;
}

/** The HTML a section's Markdown field shows as on the public site (sanitised). */
export function previewMarkdown(markdown: string): string {
  return renderMarkdown(markdown, { topHeading: 1 });
}

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** A section's data as lines of "field: value" text, for comparing two versions. */
export function sectionLines(data: Record<string, unknown> | null): string[] {
  const lines: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) walk(inner, path ? `${path}.${key}` : key);
      return;
    }
    const text = value === null || value === undefined ? "" : String(value);
    const parts = text.split("\n");
    lines.push(`${path}: ${parts[0] ?? ""}`);
    for (const part of parts.slice(1)) lines.push(`  ${part}`);
  };
  walk(data ?? {}, "");
  return lines;
}

/** A line diff (longest common subsequence) of two texts; long texts are compared within a bound. */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  const a = before.slice(0, 2000);
  const b = after.slice(0, 2000);
  // Common head and tail first: most saves change a few lines.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle: DiffLine[] = [];
  if (midA.length * midB.length > 1_000_000) {
    middle.push(...midA.map((text) => ({ kind: "removed" as const, text })), ...midB.map((text) => ({ kind: "added" as const, text })));
  } else {
    const table: number[][] = Array.from({ length: midA.length + 1 }, () => new Array<number>(midB.length + 1).fill(0));
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        table[i]![j] = midA[i] === midB[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length && j < midB.length) {
      if (midA[i] === midB[j]) {
        middle.push({ kind: "same", text: midA[i]! });
        i++;
        j++;
      } else if (table[i + 1]![j]! >= table[i]![j + 1]!) middle.push({ kind: "removed", text: midA[i++]! });
      else middle.push({ kind: "added", text: midB[j++]! });
    }
    while (i < midA.length) middle.push({ kind: "removed", text: midA[i++]! });
    while (j < midB.length) middle.push({ kind: "added", text: midB[j++]! });
  }
  return [...a.slice(0, start).map((text) => ({ kind: "same" as const, text })), ...middle, ...a.slice(endA).map((text) => ({ kind: "same" as const, text }))];
}
