import type { Submission } from "@conform-to/react";
import { json } from "@remix-run/node";
import { encodeMessage, isAppError, type AppError } from "./app-error";
import { redirectWithToast } from "./toast.server";

export { safeRedirect } from "./safe-redirect";

/**
 * HTTP helpers of the page door (loaders and actions). The API door has its own
 * adapter (lib/api.server.ts); rule modules never build a Response.
 */

/** Throws a Response (404 by default) when the condition fails: loaders and actions stay linear. */
export function invariantResponse(condition: unknown, message = "Not Found", init: ResponseInit = { status: 404 }): asserts condition {
  if (!condition) {
    throw new Response(message, { ...init, headers: { "Content-Type": "text/plain; charset=utf-8", ...init.headers } });
  }
}

export function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** The client's address as Express computed it (honouring TRUST_PROXY), passed on by the host. */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}

/** The page a form was posted from, without Remix's own parameters: where a refusal goes back to. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return url.pathname + url.search;
}

/**
 * Loaders: a missing or foreign record (a refusal with 403 or 404) is the area's
 * not-found page; any other refusal is a status page. Other errors pass on.
 */
export async function loadOrNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!isAppError(error)) throw error;
    const status = error.status === 403 ? 404 : error.status;
    throw json({ key: error.key, params: error.params }, { status });
  }
}

type AnySubmission = Pick<Submission<unknown>, "reply">;

/**
 * Actions: the one translation of a refusal into a page answer.
 * - a missing or foreign record (404): the area's 404;
 * - a 403 (the caller sees the record but may not do this to it, e.g. "only the owner can
 *   manage administrators") is a message like any other refusal below;
 * - a refusal about a field, with the form's submission: that field's error, the typed values kept;
 * - any other refusal with a submission: the message above the form, the typed values kept;
 * - without a submission (a button): back to the page with an error toast.
 * Anything that is not a refusal is thrown on.
 */
export async function refusal(request: Request, error: unknown, submission?: AnySubmission, extra?: Record<string, unknown>): Promise<Response> {
  if (!isAppError(error)) throw error;
  if (error.status === 404) throw json({ key: error.key, params: error.params }, { status: 404 });
  const message = encodeMessage(error.key, error.params);
  if (submission) {
    const reply = error.field ? submission.reply({ fieldErrors: { [error.field]: [message] } }) : submission.reply({ formErrors: [message] });
    return json({ ...extra, result: reply }, { status: error.status, headers: error.headers });
  }
  return redirectWithToast(currentPath(request), { type: "error", message: error.key, params: error.params });
}

/** The field errors of a refusal for forms that do not use Conform's reply (multipart uploads). */
export function refusalMessage(error: AppError): string {
  return encodeMessage(error.key, error.params);
}
