import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { RegisterApiSchema } from "~/features/auth/auth.schema";
import { AUTH_MESSAGES, registerUser, startSession } from "~/features/auth/auth.server";
import { isMethod, requestContext, tooManyRequests } from "~/features/auth/request.server";
import { apiError, methodNotAllowed, parseApiBody } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** POST /api/auth/register `{ fullName, email, password, locale? }` → 201 `{ token, expiresAt, user }`; a verification link is e-mailed. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isMethod(request, "POST")) return methodNotAllowed(["POST"]);
  const input = await parseApiBody(request, RegisterApiSchema);
  const context = requestContext(request);
  // Without a `locale`, the account speaks the request's language (?lng=, cookie, Accept-Language).
  const result = await registerUser({ ...input, locale: input.locale ?? (await getLanguage(request)) }, context);
  if (!result.ok) {
    if (result.reason === "rate_limited") return tooManyRequests(result.retryAfterSeconds);
    return apiError(409, AUTH_MESSAGES.emailTaken);
  }
  const session = await startSession(result.user.id, { ...context, kind: "token" });
  return json({ token: session.token, expiresAt: session.expiresAt, user: result.user }, { status: 201 });
}
