import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { LoginApiSchema } from "~/features/auth/auth.schema";
import { AUTH_MESSAGES, signIn } from "~/features/auth/auth.server";
import { isMethod, requestContext, tooManyRequests } from "~/features/auth/request.server";
import { apiError, methodNotAllowed, parseApiBody } from "~/lib/http.server";

/**
 * POST /api/auth/login `{ email, password, rememberMe }` → `{ token, user }`.
 * The token is a session row of kind "token", sent back as `Authorization: Bearer`.
 * Unknown address and wrong password both answer 400 "Invalid credentials" (no enumeration).
 */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isMethod(request, "POST")) return methodNotAllowed(["POST"]);
  const input = await parseApiBody(request, LoginApiSchema);
  const result = await signIn(input, { ...requestContext(request), kind: "token" });
  if (!result.ok) {
    if (result.reason === "rate_limited") return tooManyRequests(result.retryAfterSeconds);
    if (result.reason === "disabled") return apiError(403, AUTH_MESSAGES.accountDisabled);
    return apiError(400, AUTH_MESSAGES.invalidCredentials);
  }
  return json({ token: result.session.token, expiresAt: result.session.expiresAt, user: result.user, message: AUTH_MESSAGES.loginSuccess });
}
