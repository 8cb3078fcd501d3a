import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { requireOwner } from "~/core/identity/guards.server";
import { requestContext, resetTwoFactor } from "~/features/auth/index.server";
import { ResetTwoFactorSchema } from "~/features/auth";
import { isAppError } from "~/lib/app-error";
import { safeRedirect } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * POST /resources/two-factor/reset `{ userId, redirectTo }`: the owner resets another person's
 * two-factor (docs/decisions/010); their sessions end and they set it up again. Back to the page
 * the form was on, with a toast.
 */
export async function loader() {
  return redirect("/dashboard");
}

export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireOwner(request);
  const submission = parseWithZod(await request.formData(), { schema: ResetTwoFactorSchema });
  const back = safeRedirect(submission.status === "success" ? submission.value.redirectTo : undefined, "/dashboard/clients");
  if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: "security:errors.notEnabled" });
  try {
    await resetTwoFactor(owner, submission.value.userId, { ip: requestContext(request).ip });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(back, { type: "error", message: error.key, params: error.params });
  }
  return redirectWithToast(back, { type: "success", message: "security:toast.twoFactorReset" });
}
