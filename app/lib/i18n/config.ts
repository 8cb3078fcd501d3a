/** Languages of the interface; English is the fallback. Shared by server and browser. */
export const supportedLanguages = ["en", "ar", "fr"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const defaultNS = "common";

export const languageNames: Record<Language, string> = { en: "English", ar: "العربية", fr: "Français" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

export function directionOf(language: string): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/** BCP 47 tag for Intl: Arabic pages show Latin digits everywhere (one choice, so a figure never changes script between pages). */
export function intlLocale(language: string): string {
  if (language === "ar") return "ar-u-nu-latn";
  if (language === "fr") return "fr-FR";
  return "en-US";
}

export const LANGUAGE_COOKIE = "lng";
export const LANGUAGE_STORAGE_KEY = "i18nextLng";
