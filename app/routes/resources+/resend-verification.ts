import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { resendVerification, requestContext } from "~/features/auth/index.server";
import { requireUser } from "~/core/identity/guards.server";
import { homePathFor } from "~/lib/features";
import { isAppError } from "~/lib/app-error";
import { safeRedirect } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

/** The banner's "Resend the link" button: a new verification e-mail for the signed-in user, then back to the page. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const back = safeRedirect(formData.get("redirectTo"), homePathFor(user.role));
  if (user.emailVerified) return redirectWithToast(back, { type: "info", message: "auth:toast.alreadyVerified" });
  try {
    await resendVerification(user.email, requestContext(request));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(back, { type: "error", message: error.key, params: error.params });
  }
  return redirectWithToast(back, { type: "success", message: "auth:toast.verificationResent" });
}
