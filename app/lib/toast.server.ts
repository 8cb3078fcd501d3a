import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { env } from "./env.server";

/**
 * One path for every outcome message: an action queues a toast in a flash
 * cookie, the root loader reads it once, the browser shows it (or, without
 * JavaScript, the layout renders it as an inline status message).
 * Messages are i18n keys with optional parameters, translated when shown.
 */
export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  /** i18n key (namespace:key) or plain text */
  message: z.string(),
  params: z.record(z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

const TOAST_KEY = "toast";

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().appUrl.startsWith("https://"),
    secrets: env().sessionSecrets,
  },
});

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(input));
  return new Headers({ "Set-Cookie": await toastStorage.commitSession(session) });
}

/** Redirects and shows a toast on the next page. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await createToastHeaders(toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** Reads (and clears) the pending toast; the Set-Cookie header must go out with the response. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY));
  if (!parsed.success) return { toast: null, headers: null };
  return { toast: parsed.data, headers: new Headers({ "Set-Cookie": await toastStorage.destroySession(session) }) };
}
