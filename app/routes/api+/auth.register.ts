import { json } from "@remix-run/node";
import { RegisterApiSchema } from "~/features/auth";
import { registerUser, requestContext } from "~/features/auth/index.server";
import { apiMessage, apiRoute, readApiBody } from "~/lib/api.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/**
 * POST /api/auth/register `{ fullName, email, password, locale? }` → 202 `{ message }`, the same
 * answer whether or not the address already has an account (no enumeration): a new address gets
 * its account and a verification link, a known one an e-mail telling its owner. Then sign in
 * with POST /api/auth/login.
 */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const input = await readApiBody(request, RegisterApiSchema);
    // Without a `locale`, the account speaks the request's language (?lng=, cookie, Accept-Language).
    await registerUser({ ...input, locale: input.locale ?? (await getLanguage(request)) }, requestContext(request));
    return json({ message: await apiMessage(request, "auth:register.sent") }, { status: 202 });
  },
});
