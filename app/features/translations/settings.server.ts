import { audit } from "~/lib/audit.server";
import { forbidden } from "~/lib/app-error";
import { toJson } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { isAdminRole } from "~/lib/features";
import { nowIso } from "~/lib/ids.server";
import { encryptSecret } from "~/lib/secrets.server";
import { isTranslationFileType, TRANSLATION_LANGUAGES, type TranslationFileType, type TranslationLanguage } from "./file-types";
import type { SettingsInput } from "./translations.schema";

/**
 * The desk's settings (table translation_settings, one row "default"): the only code that
 * writes it. The API key is kept encrypted (encryptSecret) and never leaves the server: every
 * reader here gets `apiKeySet` only; the machine-translation area reads the service's endpoint
 * and key for its calls (machine-translation/settings.server.ts).
 */
export type TranslationSettings = {
  defaultSourceLanguage: TranslationLanguage;
  defaultTargetLanguage: TranslationLanguage;
  autoProcess: boolean;
  notifyOnCompletion: boolean;
  maxFileSizeMb: number;
  allowedFileTypes: TranslationFileType[];
  apiEnabled: boolean;
  apiEndpoint: string | null;
  /** Whether an API key is stored; the key itself is never returned. */
  apiKeySet: boolean;
  updatedAt: string | null;
};

const ROW_ID = "default";

export const DEFAULT_TRANSLATION_SETTINGS: TranslationSettings = {
  defaultSourceLanguage: "en",
  defaultTargetLanguage: "ar",
  autoProcess: false,
  notifyOnCompletion: true,
  maxFileSizeMb: 10,
  allowedFileTypes: ["pdf", "doc", "docx", "txt", "rtf", "odt", "jpg", "png"],
  apiEnabled: false,
  apiEndpoint: null,
  apiKeySet: false,
  updatedAt: null,
};

const language = (value: string, fallback: TranslationLanguage): TranslationLanguage =>
  (TRANSLATION_LANGUAGES as readonly string[]).includes(value) ? (value as TranslationLanguage) : fallback;

async function readRow() {
  return db().selectFrom("translationSettings").selectAll().where("id", "=", ROW_ID).executeTakeFirst();
}

/** The settings as every page and API client may see them (without the key). */
export async function getTranslationSettings(): Promise<TranslationSettings> {
  const row = await readRow();
  if (!row) return DEFAULT_TRANSLATION_SETTINGS;
  return {
    defaultSourceLanguage: language(row.defaultSourceLanguage, "en"),
    defaultTargetLanguage: language(row.defaultTargetLanguage, "ar"),
    autoProcess: row.autoProcess,
    notifyOnCompletion: row.notifyOnCompletion,
    maxFileSizeMb: row.maxFileSizeMb,
    allowedFileTypes: (Array.isArray(row.allowedFileTypes) ? row.allowedFileTypes : []).filter(isTranslationFileType),
    apiEnabled: row.apiEnabled,
    apiEndpoint: row.apiEndpoint,
    apiKeySet: Boolean(row.apiKeyEncrypted),
    updatedAt: row.updatedAt,
  };
}

/** Admins and the owner save the settings (a new key replaces the stored one; `clearApiKey` removes it). */
export async function saveTranslationSettings(
  actor: { id: string; role: string },
  input: SettingsInput,
  context: { ip?: string | null } = {},
): Promise<TranslationSettings> {
  if (!isAdminRole(actor.role)) throw forbidden();
  const before = await readRow();
  const newKey = input.apiKey?.trim() ? input.apiKey.trim() : null;
  const apiKeyEncrypted = newKey ? encryptSecret(newKey) : input.clearApiKey ? null : (before?.apiKeyEncrypted ?? null);
  const values = {
    defaultSourceLanguage: input.defaultSourceLanguage,
    defaultTargetLanguage: input.defaultTargetLanguage,
    autoProcess: input.autoProcess,
    notifyOnCompletion: input.notifyOnCompletion,
    maxFileSizeMb: input.maxFileSizeMb,
    allowedFileTypes: toJson([...new Set(input.allowedFileTypes)]),
    apiEnabled: input.apiEnabled,
    apiEndpoint: input.apiEndpoint ?? null,
    apiKeyEncrypted,
    updatedBy: actor.id,
    updatedAt: nowIso(),
  };
  await db()
    .insertInto("translationSettings")
    .values({ id: ROW_ID, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
  const keyChange = newKey ? "replaced" : input.clearApiKey && before?.apiKeyEncrypted ? "cleared" : "kept";
  await audit({
    actorId: actor.id,
    action: "translation.settings_changed",
    targetType: "translation_settings",
    targetId: ROW_ID,
    ip: context.ip ?? null,
    // Never the key: only what happened to it.
    meta: {
      defaultSourceLanguage: input.defaultSourceLanguage,
      defaultTargetLanguage: input.defaultTargetLanguage,
      autoProcess: input.autoProcess,
      notifyOnCompletion: input.notifyOnCompletion,
      maxFileSizeMb: input.maxFileSizeMb,
      allowedFileTypes: input.allowedFileTypes,
      apiEnabled: input.apiEnabled,
      apiEndpoint: input.apiEndpoint ?? null,
      apiKey: keyChange,
    },
  });
  return getTranslationSettings();
}
