import { VerifyTokenSchema } from "~/features/auth";
import { verifyEmail, requestContext } from "~/features/auth/index.server";
import { apiMessage, apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/auth/verify-email `{ token }` → 200 `{ message }`; a used, unknown or expired token → 400. */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { token } = await readApiBody(request, VerifyTokenSchema);
    await verifyEmail(token, { ip: requestContext(request).ip });
    return { message: await apiMessage(request, "auth:toast.emailVerified") };
  },
});
