import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { SessionUser } from "~/features/auth/guards.server";
import { readToken } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ChangeEmailSchema, ChangeNameSchema, ChangePasswordSchema } from "./auth.schema";
import { changePassword, requestEmailChange, updateOwnProfile } from "./auth.server";
import { requestContext } from "./request.server";

/**
 * The profile page's action, shared by /client/profile and /dashboard/profile.
 * Its three forms post here, told apart by `intent`.
 */
export async function profileAction(request: Request, user: SessionUser, profilePath: string) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const schema = intent === "password" ? ChangePasswordSchema : intent === "email" ? ChangeEmailSchema : ChangeNameSchema;
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400 });
  const value = submission.value;
  const { ip } = requestContext(request);

  if (value.intent === "name") {
    await updateOwnProfile(user.id, { fullName: value.fullName, locale: value.locale });
    return redirectWithToast(profilePath, { type: "success", message: "auth:toast.profileSaved" });
  }
  if (value.intent === "email") {
    const result = await requestEmailChange(user.id, value, { ip });
    if (!result.ok) {
      if (result.reason === "rate_limited") return json(submission.reply({ formErrors: ["auth:errors.rateLimited"], hideFields }), { status: 429 });
      const field = result.reason === "wrong_password" ? "currentPassword" : "newEmail";
      const message = { wrong_password: "auth:errors.wrongPassword", same_email: "auth:errors.emailSame", email_taken: "auth:errors.emailTaken" }[result.reason];
      return json(submission.reply({ fieldErrors: { [field]: [message] }, hideFields }), { status: 400 });
    }
    return redirectWithToast(profilePath, { type: "success", message: "auth:toast.emailChangeSent", params: { email: value.newEmail } });
  }
  const result = await changePassword(user.id, value, { ip, keepSessionToken: await readToken(request) });
  if (!result.ok) return json(submission.reply({ fieldErrors: { currentPassword: ["auth:errors.wrongPassword"] }, hideFields }), { status: 400 });
  return redirectWithToast(profilePath, { type: "success", message: "auth:toast.passwordChanged" });
}
