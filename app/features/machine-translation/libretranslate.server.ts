import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { AppError } from "~/lib/app-error";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { checkHost, type ResolvedAddress, type Resolver } from "./service-address.server";

/**
 * The machine-translation provider: the LibreTranslate HTTP API (no npm package ships en↔fr or en↔ar
 * model weights to run offline), spoken directly (the npm `libretranslate` client sends `apiKey`
 * where the API wants `api_key`).
 *
 * - `POST {endpoint}/translate` `{ q, source, target, format, api_key }` → `{ translatedText, detectedLanguage? }`
 * - `POST {endpoint}/detect` `{ q, api_key }` → `[{ language, confidence }]`
 * - `GET {endpoint}/languages` → `[{ code, name, targets }]`
 * - errors: `{ error }` with 400 (bad input, an unsupported language), 403 (a wrong or missing
 *   key), 429 (too many requests), 500.
 *
 * Every refusal of the service is an AppError with its own message key ("translation-tool:errors.*");
 * a connection that fails in any way (refused, reset, timed out) and an answer that is not
 * LibreTranslate's are all "unreachable". Texts are never logged.
 */
export type ProviderConfig = {
  /** The service's base URL, e.g. http://127.0.0.1:5000 (a path prefix is kept). */
  endpoint: string;
  apiKey: string | null;
  /** How long one request may take; MT_TIMEOUT_MS, else 30 seconds. */
  timeoutMs?: number;
  /** How the service's host name is resolved; the system's DNS unless a test gives a stub. */
  resolve?: Resolver;
};

export type DetectedLanguage = { language: string; confidence: number };
export type ProviderLanguage = { code: string; name: string; targets: string[] };

export const DEFAULT_TIMEOUT_MS = 30_000;

export function defaultTimeoutMs(): number {
  return env().mtTimeoutMs ?? DEFAULT_TIMEOUT_MS;
}

const unreachable = () => new AppError(503, "translation-tool:errors.unreachable");

function urlOf(endpoint: string, path: string): URL {
  let base: URL;
  try {
    base = new URL(endpoint.endsWith("/") ? endpoint : `${endpoint}/`);
  } catch {
    throw unreachable();
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") throw unreachable();
  return new URL(path, base);
}

type Pair = { source?: string; target?: string };

type Answer = { status: number; retryAfter: string | undefined; body: unknown };

/** Not LibreTranslate's JSON (a page, a redirect, an empty answer): said like a service that cannot be reached. */
const NOT_JSON = Symbol("not JSON");

/** The longest answer read; a translation of 5,000 characters is far shorter. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * A LibreTranslate refusal as our own refusal. Only an answer in LibreTranslate's shape
 * (`{ error }` in JSON) gets its own message; anything else reads like a service that cannot be
 * reached, so that the messages do not tell which internal ports answer HTTP.
 */
function refusalOf(answer: Answer, pair: Pair): AppError {
  const error = (answer.body as { error?: unknown } | null)?.error;
  if (typeof error !== "string") return unreachable();
  logger.warn({ status: answer.status, error: error.slice(0, 200) }, "the translation service refused a request");
  const params = { source: pair.source ?? "", target: pair.target ?? "" };
  if (answer.status === 403 || answer.status === 401) return new AppError(503, "translation-tool:errors.badKey");
  if (answer.status === 429) {
    const retryAfter = Number(answer.retryAfter);
    const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : 60;
    return new AppError(429, "translation-tool:errors.rateLimited", { params: { seconds }, headers: { "Retry-After": String(seconds) } });
  }
  if (answer.status === 400 && /not supported|unsupported|not available/i.test(error)) {
    return new AppError(400, "translation-tool:errors.unsupportedPair", { params });
  }
  if (answer.status === 400 || answer.status === 413) return new AppError(400, "translation-tool:errors.rejected");
  return new AppError(503, "translation-tool:errors.serviceError");
}

/** The addresses the request may connect to, checked now (every request: a name may point elsewhere since it was saved). */
async function checkedAddresses(config: ProviderConfig, url: URL): Promise<ResolvedAddress[]> {
  const check = await checkHost(url.hostname, { allowPrivate: env().mtAllowPrivateHosts, resolve: config.resolve });
  if (check.ok) return check.addresses;
  if (check.reason === "unresolved") throw unreachable();
  logger.warn({ host: url.host, reason: check.reason }, "the translation service's address is refused");
  throw new AppError(503, "translation-tool:errors.addressRefused");
}

/**
 * One HTTP exchange connected to the checked addresses only: the socket's DNS lookup answers
 * with them, while the Host header and the TLS server name stay the URL's. No redirect is
 * followed; a failed connection, a reset and the time-out are all "unreachable".
 */
function exchange(url: URL, addresses: ResolvedAddress[], init: { method: "GET" | "POST"; body?: string }, timeoutMs: number): Promise<Answer> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const candidates = options.family ? addresses.filter((entry) => entry.family === options.family) : addresses;
    if (candidates.length === 0) return callback(Object.assign(new Error("no checked address of this family"), { code: "ENOTFOUND" }), "", 0);
    if (options.all) return callback(null, candidates);
    return callback(null, candidates[0]!.address, candidates[0]!.family);
  };
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (init.body !== undefined) Object.assign(headers, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(init.body)) });
    const request = (url.protocol === "https:" ? https : http).request(url, { method: init.method, headers, lookup: pinned, agent: false });
    const timer = setTimeout(() => request.destroy(new Error("timed out")), timeoutMs);
    const fail = (error: unknown) => {
      clearTimeout(timer);
      logger.warn({ err: error, host: url.host }, "the translation service is unreachable");
      reject(unreachable());
    };
    request.on("error", fail);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) return request.destroy(new Error("answer too long"));
        chunks.push(chunk);
      });
      response.on("error", fail);
      response.on("end", () => {
        clearTimeout(timer);
        let body: unknown = NOT_JSON;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          // Stays NOT_JSON.
        }
        const retryAfter = response.headers["retry-after"];
        resolve({ status: response.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, body });
      });
    });
    request.end(init.body);
  });
}

async function request<T>(config: ProviderConfig, path: string, init: { method: "GET" | "POST"; body?: Record<string, unknown> }, pair: Pair = {}): Promise<T> {
  const url = urlOf(config.endpoint, path);
  const addresses = await checkedAddresses(config, url);
  const answer = await exchange(
    url,
    addresses,
    { method: init.method, body: init.body ? JSON.stringify(init.body) : undefined },
    config.timeoutMs ?? defaultTimeoutMs(),
  );
  if (answer.status < 200 || answer.status >= 300) throw refusalOf(answer, pair);
  if (answer.body === NOT_JSON) throw unreachable();
  return answer.body as T;
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
  if (typeof body?.translatedText !== "string") throw unreachable();
  const detected = body.detectedLanguage;
  return {
    translatedText: body.translatedText,
    detectedLanguage: detected && typeof detected.language === "string" ? { language: detected.language, confidence: Number(detected.confidence) || 0 } : null,
  };
}

/** The languages the service thinks the text is in, most likely first. */
export async function detectLanguage(config: ProviderConfig, q: string): Promise<DetectedLanguage[]> {
  const body = await request<unknown>(config, "detect", { method: "POST", body: withKey(config, { q }) });
  if (!Array.isArray(body)) throw unreachable();
  return body
    .filter((entry): entry is { language: string; confidence?: unknown } => typeof entry?.language === "string")
    .map((entry) => ({ language: entry.language, confidence: Number(entry.confidence) || 0 }))
    .sort((a, b) => b.confidence - a.confidence);
}

/** The service's languages and, for each, the languages it translates into. */
export async function listLanguages(config: ProviderConfig): Promise<ProviderLanguage[]> {
  const body = await request<unknown>(config, "languages", { method: "GET" });
  if (!Array.isArray(body)) throw unreachable();
  return body
    .filter((entry): entry is { code: string; name?: unknown; targets?: unknown } => typeof entry?.code === "string")
    .map((entry) => ({
      code: entry.code,
      name: typeof entry.name === "string" ? entry.name : entry.code,
      targets: Array.isArray(entry.targets) ? entry.targets.filter((code): code is string => typeof code === "string") : [],
    }));
}
