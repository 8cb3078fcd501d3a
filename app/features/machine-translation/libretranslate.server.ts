import { AppError } from "~/lib/app-error";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

/**
 * The machine-translation provider: the LibreTranslate HTTP API (STACK-NOTES 18), spoken
 * directly (the npm `libretranslate` client sends `apiKey` and is wrong).
 *
 * - `POST {endpoint}/translate` `{ q, source, target, format, api_key }` → `{ translatedText, detectedLanguage? }`
 * - `POST {endpoint}/detect` `{ q, api_key }` → `[{ language, confidence }]`
 * - `GET {endpoint}/languages` → `[{ code, name, targets }]`
 * - errors: `{ error }` with 400 (bad input, an unsupported language), 403 (a wrong or missing
 *   key), 429 (too many requests), 500.
 *
 * Every failure is an AppError with its own message key ("translation-tool:errors.*").
 * Texts are never logged.
 */
export type ProviderConfig = {
  /** The service's base URL, e.g. http://127.0.0.1:5000 (a path prefix is kept). */
  endpoint: string;
  apiKey: string | null;
  /** How long one request may take; MT_TIMEOUT_MS, else 30 seconds (spec §9). */
  timeoutMs?: number;
};

export type DetectedLanguage = { language: string; confidence: number };
export type ProviderLanguage = { code: string; name: string; targets: string[] };

export const DEFAULT_TIMEOUT_MS = 30_000;

export function defaultTimeoutMs(): number {
  return env().mtTimeoutMs ?? DEFAULT_TIMEOUT_MS;
}

function urlOf(endpoint: string, path: string): URL {
  let base: URL;
  try {
    base = new URL(endpoint.endsWith("/") ? endpoint : `${endpoint}/`);
  } catch {
    throw new AppError(503, "translation-tool:errors.unreachable");
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") throw new AppError(503, "translation-tool:errors.unreachable");
  return new URL(path, base);
}

type Pair = { source?: string; target?: string };

/** A refusal of the service as our own refusal. */
async function refusalOf(response: Response, pair: Pair): Promise<AppError> {
  let message = "";
  try {
    const body = (await response.json()) as { error?: unknown };
    message = typeof body?.error === "string" ? body.error : "";
  } catch {
    // Not JSON: the status says enough.
  }
  logger.warn({ status: response.status, error: message.slice(0, 200) }, "the translation service refused a request");
  const params = { source: pair.source ?? "", target: pair.target ?? "" };
  if (response.status === 403 || response.status === 401) return new AppError(503, "translation-tool:errors.badKey");
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get("retry-after"));
    const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : 60;
    return new AppError(429, "translation-tool:errors.rateLimited", { params: { seconds }, headers: { "Retry-After": String(seconds) } });
  }
  if (response.status === 400 && /not supported|unsupported|not available/i.test(message)) {
    return new AppError(400, "translation-tool:errors.unsupportedPair", { params });
  }
  if (response.status === 400 || response.status === 413) return new AppError(400, "translation-tool:errors.rejected");
  return new AppError(503, "translation-tool:errors.serviceError");
}

async function request<T>(config: ProviderConfig, path: string, init: { method: "GET" | "POST"; body?: Record<string, unknown> }, pair: Pair = {}): Promise<T> {
  const url = urlOf(config.endpoint, path);
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs();
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new AppError(503, "translation-tool:errors.timeout", { params: { seconds: Math.round(timeoutMs / 100) / 10 } });
    }
    logger.warn({ err: error, host: url.host }, "the translation service is unreachable");
    throw new AppError(503, "translation-tool:errors.unreachable");
  }
  if (!response.ok) throw await refusalOf(response, pair);
  try {
    return (await response.json()) as T;
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new AppError(503, "translation-tool:errors.timeout", { params: { seconds: Math.round(timeoutMs / 100) / 10 } });
    }
    throw new AppError(503, "translation-tool:errors.serviceError");
  }
}

const withKey = (config: ProviderConfig, body: Record<string, unknown>) => (config.apiKey ? { ...body, api_key: config.apiKey } : body);

/** Translates one text; `source` may be "auto" (the service then says what it detected). */
export async function translateText(
  config: ProviderConfig,
  input: { q: string; source: string; target: string; format?: "text" | "html" },
): Promise<{ translatedText: string; detectedLanguage: DetectedLanguage | null }> {
  const body = await request<{ translatedText?: unknown; detectedLanguage?: { language?: unknown; confidence?: unknown } }>(
    config,
    "translate",
    { method: "POST", body: withKey(config, { q: input.q, source: input.source, target: input.target, format: input.format ?? "text" }) },
    { source: input.source, target: input.target },
  );
  if (typeof body?.translatedText !== "string") throw new AppError(503, "translation-tool:errors.serviceError");
  const detected = body.detectedLanguage;
  return {
    translatedText: body.translatedText,
    detectedLanguage: detected && typeof detected.language === "string" ? { language: detected.language, confidence: Number(detected.confidence) || 0 } : null,
  };
}

/** The languages the service thinks the text is in, most likely first. */
export async function detectLanguage(config: ProviderConfig, q: string): Promise<DetectedLanguage[]> {
  const body = await request<unknown>(config, "detect", { method: "POST", body: withKey(config, { q }) });
  if (!Array.isArray(body)) throw new AppError(503, "translation-tool:errors.serviceError");
  return body
    .filter((entry): entry is { language: string; confidence?: unknown } => typeof entry?.language === "string")
    .map((entry) => ({ language: entry.language, confidence: Number(entry.confidence) || 0 }))
    .sort((a, b) => b.confidence - a.confidence);
}

/** The service's languages and, for each, the languages it translates into. */
export async function listLanguages(config: ProviderConfig): Promise<ProviderLanguage[]> {
  const body = await request<unknown>(config, "languages", { method: "GET" });
  if (!Array.isArray(body)) throw new AppError(503, "translation-tool:errors.serviceError");
  return body
    .filter((entry): entry is { code: string; name?: unknown; targets?: unknown } => typeof entry?.code === "string")
    .map((entry) => ({
      code: entry.code,
      name: typeof entry.name === "string" ? entry.name : entry.code,
      targets: Array.isArray(entry.targets) ? entry.targets.filter((code): code is string => typeof code === "string") : [],
    }));
}
