/** Shapes of the public content, shared by the server reads and the components that show them. */

export type ServiceSummary = { key: string; icon: string; title: string; description: string; priceFromCents: number | null };
export type ServiceDetail = ServiceSummary & { fullDescription: string; durationMinutes: number };
export type Faq = { id: string; question: string; answer: string };
export type Stat = { key: string; value: number; suffix: string; label: string };
export type Testimonial = {
  id: string;
  authorName: string;
  rating: number;
  quote: string;
  authorTitle: string;
  photo: { fileId: string; width: number; height: number } | null;
};
export type Logo = { id: string; name: string; websiteUrl: string | null; fileId: string | null; width: number | null; height: number | null };
/** The footer's editable blocks in one language: a short note under the office, and the useful links. */
export type FooterBlocks = { note?: string; links?: Array<{ label: string; url: string }> };
export const ANNOUNCEMENT_LEVELS = ["info", "warning", "critical"] as const;
export type AnnouncementLevel = (typeof ANNOUNCEMENT_LEVELS)[number];
/** Who sees an announcement: visitors of the public site, clients in their area, the back-office. */
export const ANNOUNCEMENT_AUDIENCES = ["public", "clients", "staff"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export type Announcement = { id: string; message: string; linkUrl: string | null; level: AnnouncementLevel; dismissible: boolean };
export type LegalDocument = "terms-of-service" | "privacy-policy" | "cookie-policy";

/**
 * Where a client logo's image is served (routes/resources+/logos.$fileId.ts). A new image is a new
 * stored file, so a new address: browsers may keep each one for good.
 */
export function logoImageSrc(fileId: string): string {
  return `/resources/logos/${encodeURIComponent(fileId)}`;
}

/** Where a published testimonial's photo is served (routes/resources+/testimonials.$fileId.ts). */
export function testimonialPhotoSrc(fileId: string): string {
  return `/resources/testimonials/${encodeURIComponent(fileId)}`;
}
