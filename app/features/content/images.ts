/** Limits of the website's pictures, shared by the forms (hints) and the server (images.server.ts). */
export const IMAGE_MAX_MB = 5;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
/** The browser's hint; the server decides from the content. */
export const IMAGE_ACCEPT = ".png,.jpg,.jpeg,.webp";

export type ImageKind = "logo" | "photo";

/** The sizes the site shows them at, in CSS pixels (the stored image has twice as many pixels). */
export const IMAGE_SIZES = {
  /** A logo: 64 px high, at most 256 px wide, its own proportions. */
  logo: { height: 64, maxWidth: 256, width: 256 },
  /** A testimonial photo: 96 px square. */
  photo: { width: 96, height: 96, maxWidth: 96 },
} as const;
