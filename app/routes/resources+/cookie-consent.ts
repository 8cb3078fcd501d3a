import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ACCEPT_ALL, REJECT_ALL, type ConsentSettings } from "~/lib/cookie-consent";
import { consentCookies, hideCookie } from "~/lib/cookie-consent.server";
import { safeRedirect } from "~/lib/http.server";

const ConsentSchema = z.object({
  intent: z.enum(["accept-all", "reject-all", "save", "hide"]),
  preferences: z.literal("on").optional(),
  analytics: z.literal("on").optional(),
  marketing: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

/**
 * The banner's buttons are plain form posts (they work without JavaScript):
 * the choice is stored in both cookies and the visitor goes back where they were.
 * With JavaScript the banner posts through a fetcher and gets JSON instead.
 */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = ConsentSchema.safeParse(Object.fromEntries(await request.formData()));
  const isFetch = new URL(request.url).searchParams.has("_data");
  const back = backTo(parsed.success ? parsed.data.redirectTo : undefined);
  if (!parsed.success) return isFetch ? json({ ok: false }, { status: 400 }) : redirect(back);

  const { intent } = parsed.data;
  const headers = new Headers();
  if (intent === "hide") {
    headers.append("Set-Cookie", hideCookie(request));
  } else {
    const settings: ConsentSettings =
      intent === "accept-all"
        ? ACCEPT_ALL
        : intent === "reject-all"
          ? REJECT_ALL
          : {
              necessary: true,
              preferences: Boolean(parsed.data.preferences),
              analytics: Boolean(parsed.data.analytics),
              marketing: Boolean(parsed.data.marketing),
            };
    for (const cookie of consentCookies(request, settings)) headers.append("Set-Cookie", cookie);
  }
  return isFetch ? json({ ok: true }, { headers }) : redirect(back, { headers });
}

export function loader() {
  return redirect("/");
}

/** Back to the page, without the banner's own view parameter. */
function backTo(redirectTo: string | undefined): string {
  const target = new URL(safeRedirect(redirectTo, "/"), "http://local");
  target.searchParams.delete("cookies");
  return target.pathname + target.search + target.hash;
}
