import { sql } from "kysely";
import { getMachineTranslationCredentials } from "./settings.server";
import { AppError, conflict, forbidden, invalid, isUniqueViolation } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { canUseBackOffice } from "~/lib/features";
import { newId } from "~/lib/ids.server";
import type { Page } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";
import { detectLanguage, translateText } from "./libretranslate.server";
import { MAX_TEXT_LENGTH, MT_LANGUAGES, type GlossaryAddInput, type GlossaryQuery, type MtLanguage } from "./machine-translation.schema";
import { countMasked, maskIdentifiers, protectTerms, termsInText, unmask, type GlossaryTerm } from "./masking";

/**
 * Machine translation (docs/decisions/014) and its glossary (table translation_glossary: the
 * only code touching it). The text goes to the LibreTranslate service named in the
 * translation settings with every personal identifier masked and the glossary's terms
 * protected; the answer comes back with both put back. The result is a machine draft.
 */
export type MachineTranslationInput = {
  text: string;
  /** A language, or "auto" to let the service detect it. */
  source: MtLanguage | "auto";
  target: MtLanguage;
  actorId: string | null;
};

export type MachineTranslationResult = {
  translation: string;
  /** How many personal identifiers were masked before the text left the server. */
  masked: number;
  /** The detected source language when the source was "auto", else null. */
  detectedSource: MtLanguage | null;
  /** Glossary terms applied. */
  glossaryApplied: number;
  /** Masked values or glossary terms the service's answer lost (the draft must be checked). */
  unrestored: number;
};

const isMtLanguage = (value: string): value is MtLanguage => (MT_LANGUAGES as readonly string[]).includes(value);

/** The configured service, or a refusal that says where to configure it. */
async function providerConfig(timeoutMs?: number) {
  const credentials = await getMachineTranslationCredentials();
  if (!credentials) throw new AppError(503, "translation-tool:errors.notConfigured");
  return { endpoint: credentials.endpoint, apiKey: credentials.apiKey, timeoutMs };
}

/** Whether a translation service is set in the translation settings. */
export async function isMachineTranslationConfigured(): Promise<boolean> {
  return (await getMachineTranslationCredentials()) !== null;
}

/**
 * Translates one text (the single-text tool, POST /api/translate, and the translation desk's
 * automatic processing). `options.timeoutMs` overrides MT_TIMEOUT_MS (tests).
 */
export async function machineTranslate(input: MachineTranslationInput, options: { timeoutMs?: number } = {}): Promise<MachineTranslationResult> {
  const { text, target } = input;
  if (text.trim() === "") throw invalid("translation-tool:errors.textRequired", { field: "text" });
  if (text.length > MAX_TEXT_LENGTH) throw invalid("translation-tool:errors.textTooLong", { field: "text", params: { max: MAX_TEXT_LENGTH } });
  if (!isMtLanguage(target) || (input.source !== "auto" && !isMtLanguage(input.source))) throw invalid("translation-tool:errors.languageRequired");
  if (input.source === target) throw invalid("translation-tool:errors.sameLanguages", { field: "target" });
  const config = await providerConfig(options.timeoutMs);

  // Identifiers are masked before anything leaves the server, language detection included.
  const masked = maskIdentifiers(text);
  let source: MtLanguage;
  let detectedSource: MtLanguage | null = null;
  if (input.source === "auto") {
    const [best] = await detectLanguage(config, masked.text);
    if (!best || !isMtLanguage(best.language)) throw invalid("translation-tool:errors.undetected");
    if (best.language === target) throw invalid("translation-tool:errors.alreadyInTarget", { field: "target", params: { language: best.language } });
    source = detectedSource = best.language;
  } else {
    source = input.source;
  }

  const terms = termsInText(masked.text, await glossaryCandidates(source, target, masked.text));
  const prepared = protectTerms(masked, terms);
  const answer = await translateText(config, { q: prepared.text, source, target, format: "text" });
  const restored = unmask(answer.translatedText, prepared.tokens);
  const result: MachineTranslationResult = {
    translation: restored.text,
    masked: countMasked(prepared.tokens),
    detectedSource,
    glossaryApplied: prepared.tokens.filter((token) => token.kind === "glossary").length,
    unrestored: restored.missing.length,
  };
  // What was done, never the text.
  await audit({
    actorId: input.actorId,
    action: "machine_translation.translate",
    meta: {
      source,
      target,
      detected: detectedSource !== null,
      characters: text.length,
      masked: result.masked,
      glossary: result.glossaryApplied,
      unrestored: result.unrestored,
    },
  });
  return result;
}

/**
 * The pair's terms that may be in the text: the database narrows them down (a term the text
 * contains, ignoring case), the masking module decides on whole words. Never the whole table.
 */
async function glossaryCandidates(source: MtLanguage, target: MtLanguage, text: string): Promise<GlossaryTerm[]> {
  return db()
    .selectFrom("translationGlossary")
    .select(["sourceTerm", "targetTerm"])
    .where("sourceLanguage", "=", source)
    .where("targetLanguage", "=", target)
    .where(sql<boolean>`lower(${text}) like '%' || lower(source_term) || '%'`)
    .limit(500)
    .execute();
}

// ---- The glossary ---------------------------------------------------------------------------

export type GlossaryActor = { id: string; role: string; enabledFeatures: readonly string[] };

export type GlossaryEntry = {
  id: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceTerm: string;
  targetTerm: string;
  note: string | null;
  createdAt: string;
};

function requireTranslations(actor: GlossaryActor) {
  if (!canUseBackOffice(actor, "translations")) throw forbidden();
}

/** The glossary, one page at a time, by language pair and term (`parseGlossaryQuery`). */
export async function listGlossary(actor: GlossaryActor, query: Partial<GlossaryQuery>): Promise<Page<GlossaryEntry>> {
  requireTranslations(actor);
  const request = { page: query.page ?? 1, perPage: query.perPage ?? 10, after: query.after, before: query.before };
  let base = db().selectFrom("translationGlossary");
  if (query.from) base = base.where("sourceLanguage", "=", query.from);
  if (query.to) base = base.where("targetLanguage", "=", query.to);
  return keysetPage(base.select(["id", "sourceLanguage", "targetLanguage", "sourceTerm", "targetTerm", "note", "createdAt"]), request, {
    keys: [
      { ref: "sourceLanguage", value: (row) => row.sourceLanguage },
      { ref: "targetLanguage", value: (row) => row.targetLanguage },
      { ref: "sourceTerm", value: (row) => row.sourceTerm },
      { ref: "id", value: (row) => row.id },
    ],
    direction: "asc",
    count: () => countCapped(base),
    base,
  });
}

/** Adds a term to a pair's glossary; the pair has each source term once. */
export async function addGlossaryTerm(actor: GlossaryActor, input: GlossaryAddInput): Promise<{ id: string }> {
  requireTranslations(actor);
  if (input.sourceLanguage === input.targetLanguage) throw invalid("translation-tool:errors.sameLanguages", { field: "targetLanguage" });
  const id = newId();
  try {
    await db()
      .insertInto("translationGlossary")
      .values({
        id,
        sourceLanguage: input.sourceLanguage,
        targetLanguage: input.targetLanguage,
        sourceTerm: input.sourceTerm,
        targetTerm: input.targetTerm,
        note: input.note || null,
        createdBy: actor.id,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("translation-tool:glossary.errors.exists", { field: "sourceTerm", params: { term: input.sourceTerm } });
    throw error;
  }
  await audit({
    actorId: actor.id,
    action: "machine_translation.glossary_added",
    targetType: "translation_glossary",
    targetId: id,
    meta: { pair: `${input.sourceLanguage}-${input.targetLanguage}` },
  });
  return { id };
}

export async function deleteGlossaryTerm(actor: GlossaryActor, id: string): Promise<void> {
  requireTranslations(actor);
  const deleted = await db().deleteFrom("translationGlossary").where("id", "=", id).executeTakeFirst();
  // Already gone (deleted meanwhile in another tab): said with a message, not a missing page.
  if (Number(deleted.numDeletedRows) === 0) throw new AppError(410, "translation-tool:glossary.errors.notFound");
  await audit({ actorId: actor.id, action: "machine_translation.glossary_deleted", targetType: "translation_glossary", targetId: id });
}
