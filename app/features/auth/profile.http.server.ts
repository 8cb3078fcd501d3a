import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { SessionUser } from "~/core/identity/session-user.server";
import { readAvatarForm, removeAvatar, saveAvatar, updateOwnProfile } from "~/features/users/index.server";
import { refusal } from "~/lib/http.server";
import { readToken } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AvatarSchema, ChangeContactSchema, ChangeEmailSchema, ChangeNameSchema, ChangePasswordSchema, RemoveAvatarSchema } from "./auth.schema";
import { changePassword, requestEmailChange } from "./auth.server";
import { hidingFields, requestContext } from "./http.server";
import { signOutOtherSessions, signOutSession } from "./security.server";
import { DisableTwoFactorSchema, SignOutOthersSchema, SignOutSessionSchema } from "./two-factor.schema";
import { disableTwoFactor } from "./two-factor.server";

/**
 * The profile page's action, shared by /client/profile and /dashboard/profile.
 * Its forms post here, told apart by `intent`; the avatar form is multipart
 * (a plain form: it works without JavaScript).
 */
export async function profileAction(request: Request, user: SessionUser, profilePath: string) {
  if ((request.headers.get("content-type") ?? "").includes("multipart/form-data")) return avatarAction(request, user, profilePath);

  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "signOutSession" || intent === "signOutOthers" || intent === "disableTwoFactor") return securityAction(request, user, profilePath, formData);
  const schema =
    intent === "password"
      ? ChangePasswordSchema
      : intent === "email"
        ? ChangeEmailSchema
        : intent === "removeAvatar"
          ? RemoveAvatarSchema
          : intent === "contact"
            ? ChangeContactSchema
            : ChangeNameSchema;
  const submission = parseWithZod(formData, { schema });
  const hidden = ["currentPassword", "password", "confirmPassword"];
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 });
  const value = submission.value;
  const { ip } = requestContext(request);

  try {
    if (value.intent === "name") {
      await updateOwnProfile(user.id, { fullName: value.fullName, locale: value.locale });
      return redirectWithToast(profilePath, { type: "success", message: "auth:toast.profileSaved" });
    }
    if (value.intent === "contact") {
      await updateOwnProfile(user.id, { phone: value.phone, postalAddress: value.postalAddress });
      return redirectWithToast(profilePath, { type: "success", message: "auth:toast.profileSaved" });
    }
    if (value.intent === "removeAvatar") {
      await removeAvatar(user.id);
      return redirectWithToast(profilePath, { type: "success", message: "auth:toast.avatarRemoved" });
    }
    if (value.intent === "email") {
      await requestEmailChange(user.id, value, { ip });
      return redirectWithToast(profilePath, { type: "success", message: "auth:toast.emailChangeSent", params: { email: value.newEmail } });
    }
    await changePassword(user.id, value, { ip, keepSessionToken: await readToken(request) });
    return redirectWithToast(profilePath, { type: "success", message: "auth:toast.passwordChanged" });
  } catch (error) {
    return refusal(request, error, hidingFields(submission, hidden));
  }
}

/** The security section's forms: sign out one session, every other one, or turn two-factor off. */
async function securityAction(request: Request, user: SessionUser, profilePath: string, formData: FormData) {
  const intent = formData.get("intent");
  const schema = intent === "signOutSession" ? SignOutSessionSchema : intent === "signOutOthers" ? SignOutOthersSchema : DisableTwoFactorSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const value = submission.value;
  const { ip } = requestContext(request);
  try {
    if (value.intent === "signOutSession") {
      await signOutSession(user, value.sessionId, { ip });
      return redirectWithToast(profilePath, { type: "success", message: "security:toast.sessionEnded" });
    }
    if (value.intent === "signOutOthers") {
      const token = await readToken(request);
      const ended = token ? await signOutOtherSessions(user.id, token, { ip }) : 0;
      return redirectWithToast(profilePath, { type: "success", message: "security:toast.othersEnded", params: { count: ended } });
    }
    await disableTwoFactor(user, value.code, { ip });
    return redirectWithToast(profilePath, { type: "success", message: "security:toast.twoFactorDisabled" });
  } catch (error) {
    return refusal(request, error, value.intent === "disableTwoFactor" ? hidingFields(submission, ["code"]) : undefined);
  }
}

async function avatarAction(request: Request, user: SessionUser, profilePath: string) {
  const { fields, file, tooLarge } = await readAvatarForm(request);
  const submission = parseWithZod(fields, { schema: AvatarSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await saveAvatar(user.id, file, { tooLarge });
  } catch (error) {
    return refusal(request, error, submission);
  }
  return redirectWithToast(profilePath, { type: "success", message: "auth:toast.avatarSaved" });
}
