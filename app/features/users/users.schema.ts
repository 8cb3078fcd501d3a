import { z } from "zod";
import { FEATURES } from "~/lib/features";
import { supportedLanguages } from "~/lib/i18n/config";
import { dayFilter } from "~/lib/day-range";
import { parseListQuery } from "~/lib/pagination";

/**
 * User management (staff): list filters, creation and edits. Messages are
 * i18n keys of the `users` namespace. "owner" is never a role anyone can be given.
 */
/** Roles anyone can be given here; only an owner gives or takes "staff" and "admin" (users.server.ts). */
export const ASSIGNABLE_ROLES = ["client", "staff", "admin"] as const;

/** The list's query (page and API alike): `q` searches names and e-mail addresses; page, perPage (or limit). */
export function parseUsersQuery(url: URL) {
  return parseListQuery(url, { filters: { q: z.string().trim().max(100), from: dayFilter, to: dayFilter } });
}

const features = z.array(z.enum(FEATURES, { errorMap: () => ({ message: "users:errors.featureInvalid" }) }));

const fullName = z.string({ required_error: "users:errors.nameRequired" }).trim().min(1, "users:errors.nameRequired").max(120, "users:errors.nameTooLong");

export const CreateUserSchema = z.object({
  fullName,
  email: z
    .string({ required_error: "users:errors.emailRequired" })
    .trim()
    .min(1, "users:errors.emailRequired")
    .max(254)
    .email("users:errors.emailInvalid")
    .toLowerCase(),
  role: z
    .enum(ASSIGNABLE_ROLES, { errorMap: () => ({ message: "users:errors.roleInvalid" }) })
    .optional()
    .default("client"),
  locale: z.enum(supportedLanguages).optional().default("en"),
  enabledFeatures: features.optional(),
});

export const UpdateUserSchema = z.object({
  fullName: fullName.optional(),
  role: z.enum(ASSIGNABLE_ROLES, { errorMap: () => ({ message: "users:errors.roleInvalid" }) }).optional(),
  enabledFeatures: features.optional(),
  disabled: z.boolean().optional(),
});

/** The edit page posts one of these intents; checkboxes arrive as an array (or nothing). */
export const EditUserFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    fullName,
    role: z.enum(ASSIGNABLE_ROLES, { errorMap: () => ({ message: "users:errors.roleInvalid" }) }).optional(),
    enabledFeatures: features.optional().default([]),
  }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("invite") }),
]);
