import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { VerifyTokenSchema } from "~/features/auth/auth.schema";
import { AUTH_MESSAGES, verifyEmail } from "~/features/auth/auth.server";
import { isMethod, requestContext } from "~/features/auth/request.server";
import { apiError, methodNotAllowed, parseApiBody } from "~/lib/http.server";

/** POST /api/auth/verify-email `{ token }` → 200 `{ message }`; a used, unknown or expired token → 400. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isMethod(request, "POST")) return methodNotAllowed(["POST"]);
  const { token } = await parseApiBody(request, VerifyTokenSchema);
  const result = await verifyEmail(token, { ip: requestContext(request).ip });
  if (!result.ok) return apiError(400, result.reason === "expired" ? AUTH_MESSAGES.tokenExpired : AUTH_MESSAGES.tokenInvalid);
  return json({ message: AUTH_MESSAGES.emailVerified });
}
