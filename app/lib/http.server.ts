import { json } from "@remix-run/node";

/** JSON API error body of CONTRACT.md: `{ "message": "…" }` with a fitting status. */
export function apiError(status: number, message: string, extra?: Record<string, unknown>, init?: ResponseInit): Response {
  return json({ message, ...extra }, { ...init, status });
}

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

/** A same-origin path to go back to after signing in; anything else falls back. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
