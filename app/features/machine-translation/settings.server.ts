import { db } from "~/lib/db/db.server";
import { logger } from "~/lib/logger.server";
import { decryptSecret } from "~/lib/secrets.server";

/**
 * Where the machine-translation service is: the API columns of the translation settings row
 * (its one row "default", saved with the desk's settings form by the translations area), read
 * here so that this area does not import the desk, which sits above it.
 */

/**
 * The machine-translation service this tool calls: the endpoint and the decrypted key, or null
 * when the API integration is off or has no endpoint. Never send the result to a browser.
 */
export async function getMachineTranslationCredentials(): Promise<{ endpoint: string; apiKey: string | null } | null> {
  const row = await db()
    .selectFrom("translationSettings")
    .select(["apiEnabled", "apiEndpoint", "apiKeyEncrypted"])
    .where("id", "=", "default")
    .executeTakeFirst();
  if (!row?.apiEnabled || !row.apiEndpoint) return null;
  let apiKey: string | null = null;
  if (row.apiKeyEncrypted) {
    try {
      apiKey = decryptSecret(row.apiKeyEncrypted);
    } catch (error) {
      // A key sealed with another FILE_ENCRYPTION_KEY cannot be read: act as if none were set.
      logger.error({ err: error }, "translation API key cannot be decrypted");
    }
  }
  return { endpoint: row.apiEndpoint, apiKey };
}
