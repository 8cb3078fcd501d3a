import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

/**
 * The one way integration tests call a route's loader or action as Remix would:
 * a Request with the caller's bearer token, JSON or form body, and any thrown
 * Response (a guard's redirect, a 404) handed back instead of thrown.
 */
type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<unknown> | unknown;

export type CallOptions = {
  path: string;
  method?: string;
  /** The caller: anything with a token (a TestUser), or null for nobody signed in. */
  as?: { token: string | null } | null;
  /** JSON body (an object) or a form (FormData / URLSearchParams). */
  body?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
};

export function buildRequest(options: CallOptions): Request {
  const headers = new Headers({ Accept: "application/json", ...options.headers });
  if (options.as?.token) headers.set("Authorization", `Bearer ${options.as.token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) body = options.body;
  else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  return new Request(`http://localhost:3000${options.path}`, { method: options.method ?? "GET", headers, body });
}

export async function call(handler: Handler, options: CallOptions): Promise<Response> {
  try {
    const result = await handler({ request: buildRequest(options), params: options.params ?? {}, context: {} });
    if (result instanceof Response) return result;
    throw new Error("the handler returned something other than a Response");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** Calls and reads the JSON body: `{ status, body }`. */
export async function callJson<T = Record<string, unknown>>(handler: Handler, options: CallOptions): Promise<{ status: number; body: T; response: Response }> {
  const response = await call(handler, options);
  const body = (await response.json()) as T;
  return { status: response.status, body, response };
}
