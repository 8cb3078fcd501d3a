import { json } from "@remix-run/node";
import { LoginApiSchema } from "~/features/auth";
import { signIn, requestContext } from "~/features/auth/index.server";
import { apiMessage, apiRoute, readApiBody } from "~/lib/api.server";

/**
 * POST /api/auth/login `{ email, password, rememberMe }` → `{ token, expiresAt, user, message }`.
 * The token is a session row of kind "token", sent back as `Authorization: Bearer`.
 * Unknown address and wrong password both answer 400 "Invalid credentials" (no enumeration);
 * a throttled attempt answers 429 with Retry-After (docs/decisions/008). The answer also sets
 * the device cookie, for clients that keep cookies.
 *
 * An account with two-factor answers 200 `{ mfaRequired: true, mfaToken }` instead: the token
 * comes from POST /api/auth/mfa `{ mfaToken, code }` (docs/decisions/010).
 */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const input = await readApiBody(request, LoginApiSchema);
    const result = await signIn(input, { ...requestContext(request), kind: "token" });
    if (result.mfaRequired) return json({ mfaRequired: true, mfaToken: result.mfaToken });
    const { session, user, deviceCookie } = result;
    return json(
      { token: session.token, expiresAt: session.expiresAt, user, message: await apiMessage(request, "auth:toast.loginSuccess") },
      { headers: { "Set-Cookie": deviceCookie } },
    );
  },
});
