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

/** 405 with the JSON body of CONTRACT.md (spec §8: "Method not allowed…"). */
export function methodNotAllowed(allowed: string[]): Response {
  return apiError(405, "Method not allowed", undefined, { headers: { Allow: allowed.join(", ") } });
}

/**
 * Reads a JSON (or form) body and validates it with a zod schema. Bad input
 * throws a 400 `{ message, errors }` that names the fields; never a 500.
 */
export async function parseApiBody<T>(request: Request, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } } }): Promise<T> {
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
    throw apiError(400, "Invalid JSON body");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) (errors[issue.path.join(".") || "_"] ??= []).push(issue.message);
    const first = result.error.issues[0];
    throw apiError(400, first ? `${first.path.join(".") || "body"}: ${first.message}` : "Invalid request", { errors });
  }
  return result.data;
}
