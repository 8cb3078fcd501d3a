import { z } from "zod";
import { EmailSchema } from "~/features/auth";
import { resendVerification, requestContext } from "~/features/auth/index.server";
import { getUser } from "~/core/identity/session-user.server";
import { invalid } from "~/lib/app-error";
import { apiMessage, apiRoute, readApiBody } from "~/lib/api.server";

/**
 * POST /api/auth/resend-verification: `{ email }`, or no body with a bearer token (the signed-in user).
 * Always the same 200 answer, whether or not the address has an account.
 */
const Schema = z.object({ email: EmailSchema.optional() });

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const body = await readApiBody(request, Schema);
    const email = body.email ?? (await getUser(request))?.email;
    if (!email) throw invalid("auth:errors.emailRequired", { field: "email" });
    await resendVerification(email, requestContext(request));
    return { message: await apiMessage(request, "auth:toast.verificationSent") };
  },
});
