import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { AppError, decodeMessage, isAppError } from "./app-error";
import { fallbackLanguage, isLanguage, supportedLanguages, type Language } from "./i18n/config";
import { getFixedT } from "./i18n/i18n.server";
import { logger } from "./logger.server";

/**
 * The JSON API's door, one for every route so they all answer alike: every `app/routes/api+/*` route is made with
 * `apiRoute`. A handler returns a value (sent as JSON, 200), a Response (sent as
 * it is), or throws an AppError, which becomes `{ message }` with its status in the
 * caller's language: the request's Accept-Language when it has one, else the
 * signed-in user's saved language, else English. Unsupported methods answer 405.
 */
type Args = LoaderFunctionArgs | ActionFunctionArgs;
export type ApiHandler = (args: Args) => Promise<unknown> | unknown;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const callerLanguages = new WeakMap<Request, string>();

/** The guards record the signed-in caller's saved language here, for the API's messages. */
export function rememberCallerLanguage(request: Request, language: string): void {
  callerLanguages.set(request, language);
}

/** Accept-Language's best supported language, or null when the header names none of ours. */
export function acceptedLanguage(header: string | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) if ((supportedLanguages as readonly string[]).includes(entry.base)) return entry.base as Language;
  return null;
}

export function apiLanguage(request: Request): Language {
  const header = acceptedLanguage(request.headers.get("accept-language"));
  if (header) return header;
  const saved = callerLanguages.get(request);
  return isLanguage(saved) ? saved : fallbackLanguage;
}

/** Translates a message key (or an encoded key with parameters) for the caller; plain text stays. */
async function translator(request: Request) {
  const t = await getFixedT(apiLanguage(request));
  return (message: string, extra: Record<string, string | number> = {}) => {
    const { key, params } = decodeMessage(message);
    return /^[\w-]+:[\w.-]+$/.test(key) ? String(t(key, { ...params, ...extra })) : key;
  };
}

/** A message of a successful answer in the caller's language: `{ message: await apiMessage(request, "auth:toast.loginSuccess") }`. */
export async function apiMessage(request: Request, key: string, params?: Record<string, string | number>): Promise<string> {
  return (await translator(request))(key, params);
}

/** A refusal as the API's JSON: `{ message, errors? }`; a schema's first issue reads "field: message". */
export async function refusalJson(request: Request, error: AppError): Promise<Response> {
  const translate = await translator(request);
  const text = translate(error.key, error.params);
  const body: Record<string, unknown> = { message: error.fieldErrors && error.field ? `${error.field}: ${text}` : text };
  if (error.fieldErrors) {
    body.errors = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.map((message) => translate(message))]));
  }
  return json(body, { status: error.status, headers: error.headers });
}

async function answer(args: Args, handler: ApiHandler): Promise<Response> {
  try {
    const result = await handler(args);
    return result instanceof Response ? result : json(result ?? {});
  } catch (error) {
    if (isAppError(error)) return refusalJson(args.request, error);
    if (error instanceof Response) return error;
    logger.error({ err: error, url: new URL(args.request.url).pathname, requestId: args.request.headers.get("x-request-id") }, "api request failed");
    return refusalJson(args.request, new AppError(500, "common:api.unexpected"));
  }
}

/**
 * One API route: `export const { loader, action } = apiRoute({ GET, POST, … })`.
 * GET runs in the loader (HEAD too), the other methods in the action.
 */
export function apiRoute(handlers: Partial<Record<Method, ApiHandler>>) {
  const allowed = Object.keys(handlers) as Method[];
  const notAllowed = (request: Request) => refusalJson(request, new AppError(405, "common:api.methodNotAllowed", { headers: { Allow: allowed.join(", ") } }));
  return {
    loader: (args: LoaderFunctionArgs) => (handlers.GET ? answer(args, handlers.GET) : notAllowed(args.request)),
    action: (args: ActionFunctionArgs) => {
      const handler = handlers[args.request.method.toUpperCase() as Method];
      return handler && args.request.method.toUpperCase() !== "GET" ? answer(args, handler) : notAllowed(args.request);
    },
  };
}

type SafeParser<T> = Pick<z.ZodType<T, z.ZodTypeDef, unknown>, "safeParse">;

/** The issues of a failed parse as `{ field: [message keys] }` and the first as "field: message". */
function schemaRefusal(issues: z.ZodIssue[]): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[issue.path.join(".") || "_"] ??= []).push(issue.message);
  const first = issues[0];
  return new AppError(400, first?.message ?? "common:validation.invalidRequest", { fieldErrors, field: first ? first.path.join(".") : undefined });
}

/**
 * Reads a JSON (or form) body and validates it with a zod schema. Bad input is a
 * 400 `{ message, errors }` naming the fields, in the caller's language; never a 500.
 */
export async function readApiBody<T>(request: Request, schema: SafeParser<T>): Promise<T> {
  let body: unknown;
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) body = await request.json();
    else if (type.includes("form")) body = Object.fromEntries(await request.formData());
    else {
      const text = await request.text();
      body = text ? JSON.parse(text) : {};
    }
  } catch {
    throw new AppError(400, "common:api.invalidBody");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw schemaRefusal(result.error.issues);
  return result.data;
}

/** Validates a query string with a zod schema (400 with the fields on failure). */
export function readApiQuery<T>(request: Request, schema: SafeParser<T>): T {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!result.success) throw schemaRefusal(result.error.issues);
  return result.data;
}
