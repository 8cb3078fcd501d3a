import { json } from "@remix-run/node";
import { completeTwoFactorSignIn, requestContext } from "~/features/auth/index.server";
import { TwoFactorApiSchema } from "~/features/auth";
import { apiMessage, apiRoute, readApiBody } from "~/lib/api.server";

/**
 * POST /api/auth/mfa `{ mfaToken, code }` → `{ token, expiresAt, user, message }`: the second step
 * of POST /api/auth/login for an account with two-factor. `code` is the authenticator app's
 * 6-digit code or a recovery code. A wrong or reused code answers 400 (`errors.code`), too many
 * wrong codes 429 with Retry-After, an expired or unknown `mfaToken` 400 (docs/decisions/010).
 */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const input = await readApiBody(request, TwoFactorApiSchema);
    const { session, user, deviceCookie } = await completeTwoFactorSignIn(input, requestContext(request));
    return json(
      { token: session.token, expiresAt: session.expiresAt, user, message: await apiMessage(request, "auth:toast.loginSuccess") },
      { headers: { "Set-Cookie": deviceCookie } },
    );
  },
});
