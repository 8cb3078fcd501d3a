import { db } from "~/lib/db/db.server";
import { logger } from "~/lib/logger.server";
import { decryptSecret } from "~/lib/secrets.server";

/**
 * The translation settings (table translation_settings, one row 'default'): the part the
 * machine translation reads. The translation desk's settings module owns the table; this
 * function is the one it exports for the machine translation.
 */
export async function getMachineTranslationCredentials(): Promise<{ endpoint: string; apiKey: string | null } | null> {
  const row = await db().selectFrom("translationSettings").select(["apiEndpoint", "apiKeyEncrypted"]).where("id", "=", "default").executeTakeFirst();
  const endpoint = row?.apiEndpoint?.trim();
  if (!endpoint) return null;
  let apiKey: string | null = null;
  if (row?.apiKeyEncrypted) {
    try {
      apiKey = decryptSecret(row.apiKeyEncrypted);
    } catch (error) {
      // A key sealed with another FILE_ENCRYPTION_KEY: the service will refuse, and say so.
      logger.warn({ err: error }, "the machine-translation API key cannot be decrypted");
    }
  }
  return { endpoint, apiKey };
}
