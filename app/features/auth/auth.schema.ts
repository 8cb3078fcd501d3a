import { z } from "zod";
import { AVATAR_MAX_BYTES, AVATAR_MAX_MB, AVATAR_MIME_TYPES } from "~/features/users";
import { encodeMessage } from "~/lib/app-error";
import { supportedLanguages } from "~/lib/i18n/config";
import { isCommonPassword } from "./common-passwords";

/**
 * The account forms' schemas, shared by the pages (Conform), their actions and
 * the JSON API. Messages are i18n keys of the `auth` namespace.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const EmailSchema = z
  .string({ required_error: "auth:errors.emailRequired" })
  .trim()
  .min(1, "auth:errors.emailRequired")
  .max(254, "auth:errors.emailInvalid")
  .email("auth:errors.emailInvalid")
  .toLowerCase();

export const NewPasswordSchema = z
  .string({ required_error: "auth:errors.passwordRequired" })
  .min(PASSWORD_MIN_LENGTH, "auth:errors.passwordTooShort")
  .max(PASSWORD_MAX_LENGTH, "auth:errors.passwordTooLong")
  .refine((value) => !isCommonPassword(value), "auth:errors.passwordTooCommon");

/** Sign-in takes any password: the rules apply when one is chosen, not when it is typed. */
const CurrentPasswordSchema = z
  .string({ required_error: "auth:errors.passwordRequired" })
  .min(1, "auth:errors.passwordRequired")
  .max(PASSWORD_MAX_LENGTH, "auth:errors.passwordRequired");

export const FullNameSchema = z
  .string({ required_error: "auth:errors.nameRequired" })
  .trim()
  .min(1, "auth:errors.nameRequired")
  .max(120, "auth:errors.nameTooLong");

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

export const LoginSchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
  rememberMe: checkbox.optional().default(false),
  redirectTo: z.string().optional(),
});

function passwordsMatch<T extends { password: string; confirmPassword: string }>(data: T, context: z.RefinementCtx) {
  if (data.password !== data.confirmPassword) {
    context.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth:errors.passwordMismatch" });
  }
}

export const RegisterSchema = z
  .object({
    fullName: FullNameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string({ required_error: "auth:errors.confirmRequired" }),
    redirectTo: z.string().optional(),
    // Honeypot: hidden from people, filled by bots.
    website: z.string().max(0, "auth:errors.honeypot").optional(),
  })
  .superRefine(passwordsMatch);

/** The API takes the same fields; `confirmPassword` is optional there (a program does not mistype). */
export const RegisterApiSchema = z.object({
  fullName: FullNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  locale: z.enum(supportedLanguages).optional(),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const TokenSchema = z.string({ required_error: "auth:errors.tokenInvalid" }).min(16, "auth:errors.tokenInvalid").max(200, "auth:errors.tokenInvalid");

export const ResetPasswordSchema = z
  .object({ token: TokenSchema, password: NewPasswordSchema, confirmPassword: z.string({ required_error: "auth:errors.confirmRequired" }) })
  .superRefine(passwordsMatch);

export const ResetPasswordApiSchema = z.object({ token: TokenSchema, password: NewPasswordSchema });

export const VerifyTokenSchema = z.object({ token: TokenSchema });

export const ResendVerificationSchema = z.object({ email: EmailSchema });

export const ChangeNameSchema = z.object({
  intent: z.literal("name"),
  fullName: FullNameSchema,
  locale: z.enum(supportedLanguages, { errorMap: () => ({ message: "auth:errors.localeInvalid" }) }),
});

/**
 * A phone number in a sensible international form: an optional "+" and country code, digits
 * grouped by spaces, dots, dashes or brackets, 7 to 15 digits in all (E.164's longest).
 * An empty field clears it (null).
 */
const PhoneSchema = z
  .string()
  .trim()
  .max(30, "auth:errors.phoneInvalid")
  .refine((value) => value === "" || (/^\+?[\d ().-]+$/.test(value) && /^\d{7,15}$/.test(value.replace(/\D/g, ""))), "auth:errors.phoneInvalid")
  .transform((value) => value || null);

/** A US or foreign postal address as free lines (at most 6 of 100 characters); empty clears it (null). */
const PostalAddressSchema = z
  .string()
  .trim()
  .max(600, "auth:errors.addressTooLong")
  .transform((value) =>
    value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .refine((lines) => lines.length <= 6 && lines.every((line) => line.length <= 100), "auth:errors.addressTooLong")
  .transform((lines) => lines.join("\n") || null);

/** The profile's contact form: a field left empty clears its value. */
export const ChangeContactSchema = z.object({
  intent: z.literal("contact"),
  phone: PhoneSchema.optional().transform((value) => value ?? null),
  postalAddress: PostalAddressSchema.optional().transform((value) => value ?? null),
});

export const ChangeEmailSchema = z.object({
  intent: z.literal("email"),
  newEmail: EmailSchema,
  currentPassword: CurrentPasswordSchema,
});

export const ChangePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: CurrentPasswordSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string({ required_error: "auth:errors.confirmRequired" }),
  })
  .superRefine(passwordsMatch);

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/**
 * The avatar form (multipart). The browser checks the chosen file's size and declared type
 * before sending it; the server checks the file apart, by its content (features/users/avatar.server).
 */
export const AvatarSchema = z.object({
  intent: z.literal("avatar"),
  avatar: z
    .unknown()
    .optional()
    .superRefine((value, context) => {
      if (!isFile(value)) return;
      if (value.size === 0) context.addIssue({ code: "custom", message: "users:errors.avatarRequired" });
      else if (value.size > AVATAR_MAX_BYTES)
        context.addIssue({ code: "custom", message: encodeMessage("users:errors.avatarTooLarge", { max: AVATAR_MAX_MB }) });
      else if (value.type && !AVATAR_MIME_TYPES.includes(value.type)) context.addIssue({ code: "custom", message: "users:errors.avatarType" });
    }),
});

export const RemoveAvatarSchema = z.object({ intent: z.literal("removeAvatar") });

export const UpdateMeApiSchema = z
  .object({
    fullName: FullNameSchema.optional(),
    /** null or "" removes the picture; pictures are uploaded on the profile page. */
    avatarUrl: z.string().max(500).nullable().optional(),
    locale: z.enum(supportedLanguages).optional(),
    /** null or "" clears it. */
    phone: PhoneSchema.nullable().optional(),
    postalAddress: PostalAddressSchema.nullable().optional(),
  })
  .strict();

export const LoginApiSchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
  rememberMe: z.boolean().optional().default(false),
});
