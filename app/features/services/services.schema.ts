import { z } from "zod";

/** The icons a service may show: the lucide icons the public site draws (shell/public/service-icon.tsx). */
export const SERVICE_ICONS = [
  "Briefcase",
  "FileText",
  "Calculator",
  "Languages",
  "Plane",
  "Stamp",
  "Scale",
  "Landmark",
  "Building2",
  "Receipt",
  "Users",
  "ShieldCheck",
  "GraduationCap",
  "HeartHandshake",
] as const;
export type ServiceIconName = (typeof SERVICE_ICONS)[number];

const translation = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(500),
  fullDescription: z.string().trim().min(1).max(5000),
});

/** A service as staff create it through the API (every language required). */
export const ServiceCreateSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,40}$/, "orders:errors.serviceKeyInvalid"),
  icon: z.enum(SERVICE_ICONS).optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  active: z.boolean().optional(),
  durationMinutes: z.number().int().min(15).max(480).optional(),
  priceFromCents: z.number().int().min(0).max(100_000_000).nullable().optional(),
  translations: z.object({ en: translation, ar: translation, fr: translation }),
});
export type ServiceCreateInput = z.infer<typeof ServiceCreateSchema>;

export const ServiceUpdateSchema = ServiceCreateSchema.omit({ key: true, translations: true })
  .extend({ translations: z.object({ en: translation.partial(), ar: translation.partial(), fr: translation.partial() }).partial() })
  .partial();
export type ServiceUpdateInput = z.infer<typeof ServiceUpdateSchema>;

const formTranslation = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(500),
  fullDescription: z.string().trim().min(1).max(5000),
});

/** The back-office form (/dashboard/services): the price is typed in dollars ("125" or "125.50") and kept in cents. */
export const ServiceFormSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,40}$/, "orders:errors.serviceKeyInvalid")
    .optional(),
  icon: z.enum(SERVICE_ICONS),
  active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  durationMinutes: z.number().int().min(15).max(480),
  priceFrom: z
    .string()
    .trim()
    .regex(/^\d{1,7}([.,]\d{1,2})?$/, "content:services.errors.price")
    .optional(),
  translations: z.object({ en: formTranslation, ar: formTranslation, fr: formTranslation }),
});
export type ServiceFormInput = z.infer<typeof ServiceFormSchema>;

/** "125.5" → 12550 cents; no price → null. */
export function priceToCents(price: string | undefined): number | null {
  if (!price) return null;
  const [whole, fraction = ""] = price.replace(",", ".").split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
