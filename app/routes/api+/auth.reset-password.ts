import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ResetPasswordApiSchema } from "~/features/auth/auth.schema";
import { AUTH_MESSAGES, resetPassword } from "~/features/auth/auth.server";
import { isMethod, requestContext } from "~/features/auth/request.server";
import { apiError, methodNotAllowed, parseApiBody } from "~/lib/http.server";

/** POST /api/auth/reset-password `{ token, password }` → 200 `{ message }`; every session of the account ends. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isMethod(request, "POST")) return methodNotAllowed(["POST"]);
  const { token, password } = await parseApiBody(request, ResetPasswordApiSchema);
  const result = await resetPassword(token, password, { ip: requestContext(request).ip });
  if (!result.ok) return apiError(400, result.reason === "expired" ? AUTH_MESSAGES.tokenExpired : AUTH_MESSAGES.tokenInvalid);
  return json({ message: AUTH_MESSAGES.passwordReset });
}
