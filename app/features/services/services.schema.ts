import { z } from "zod";

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
  icon: z.string().trim().min(1).max(40).optional(),
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
