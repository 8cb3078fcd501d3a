import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ForgotPasswordSchema } from "~/features/auth/auth.schema";
import { AUTH_MESSAGES, requestPasswordReset } from "~/features/auth/auth.server";
import { isMethod, requestContext, tooManyRequests } from "~/features/auth/request.server";
import { methodNotAllowed, parseApiBody } from "~/lib/http.server";

/** POST /api/auth/forgot-password `{ email }` → 200 `{ message }`, the same whether or not the address has an account. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isMethod(request, "POST")) return methodNotAllowed(["POST"]);
  const { email } = await parseApiBody(request, ForgotPasswordSchema);
  const result = await requestPasswordReset(email, requestContext(request));
  if (!result.ok) return tooManyRequests(result.retryAfterSeconds);
  return json({ message: AUTH_MESSAGES.resetSent });
}
