import { ResetPasswordApiSchema } from "~/features/auth";
import { resetPassword, requestContext } from "~/features/auth/index.server";
import { apiMessage, apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/auth/reset-password `{ token, password }` → 200 `{ message }`; every session of the account ends. */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { token, password } = await readApiBody(request, ResetPasswordApiSchema);
    await resetPassword(token, password, { ip: requestContext(request).ip });
    return { message: await apiMessage(request, "auth:api.passwordReset") };
  },
});
