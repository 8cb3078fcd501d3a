import { ForgotPasswordSchema } from "~/features/auth";
import { requestPasswordReset, requestContext } from "~/features/auth/index.server";
import { apiMessage, apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/auth/forgot-password `{ email }` → 200 `{ message }`, the same whether or not the address has an account. */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { email } = await readApiBody(request, ForgotPasswordSchema);
    await requestPasswordReset(email, requestContext(request));
    return { message: await apiMessage(request, "auth:toast.resetSent") };
  },
});
