import { apiError, clientIp } from "~/lib/http.server";
import { AUTH_MESSAGES, type RequestContext } from "./auth.server";

/** What the account functions need to know about a request: the client's address, for limits and the audit log. */
export function requestContext(request: Request): RequestContext {
  return { ip: clientIp(request), userAgent: request.headers.get("user-agent"), request };
}

/** 429 with Retry-After, the API's answer to a rate limit. */
export function tooManyRequests(retryAfterSeconds: number): Response {
  return apiError(429, AUTH_MESSAGES.rateLimited, undefined, { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/** API routes accept one method; anything else is a 405 (spec §8). */
export function isMethod(request: Request, method: string): boolean {
  return request.method.toUpperCase() === method;
}
