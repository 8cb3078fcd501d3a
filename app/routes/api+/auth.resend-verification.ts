import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { EmailSchema } from "~/features/auth/auth.schema";
import { AUTH_MESSAGES, resendVerification } from "~/features/auth/auth.server";
import { isMethod, requestContext, tooManyRequests } from "~/features/auth/request.server";
import { getUser } from "~/features/auth/guards.server";
import { apiError, methodNotAllowed, parseApiBody } from "~/lib/http.server";

/**
 * POST /api/auth/resend-verification: `{ email }`, or no body with a bearer token (the signed-in user).
 * Always the same 200 answer, whether or not the address has an account.
 */
const Schema = z.object({ email: EmailSchema.optional() });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isMethod(request, "POST")) return methodNotAllowed(["POST"]);
  const body = await parseApiBody(request, Schema);
  const email = body.email ?? (await getUser(request))?.email;
  if (!email) return apiError(400, "email: Required");
  const result = await resendVerification(email, requestContext(request));
  if (!result.ok) return tooManyRequests(result.retryAfterSeconds);
  return json({ message: AUTH_MESSAGES.verificationSent });
}
