/**
 * Cookie consent: four categories (necessary, preferences, analytics, marketing), a flag
 * recording that a choice was made, both kept 30 days. Shared by the server
 * (which reads the cookies so the first HTML is right) and the browser.
 */
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_SETTINGS_COOKIE = "cookie_consent_settings";
export const CONSENT_MAX_AGE = 60 * 60 * 24 * 30;
/** "Hide for 30 seconds": the banner's header control hides it that long, then it comes back. */
export const CONSENT_HIDE_MS = 30_000;
export const CONSENT_HIDDEN_COOKIE = "cookie_consent_hidden";

export const CONSENT_CATEGORIES = ["necessary", "preferences", "analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentSettings = Record<ConsentCategory, boolean>;

export const DEFAULT_CONSENT: ConsentSettings = { necessary: true, preferences: true, analytics: true, marketing: false };
export const ACCEPT_ALL: ConsentSettings = { necessary: true, preferences: true, analytics: true, marketing: true };
export const REJECT_ALL: ConsentSettings = { necessary: true, preferences: false, analytics: false, marketing: false };

/** Saved settings, or the defaults when they are missing or cannot be parsed. Necessary is always on. */
export function parseConsentSettings(raw: string | null | undefined): ConsentSettings {
  if (!raw) return { ...DEFAULT_CONSENT };
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
    const saved = value as Record<string, unknown>;
    return {
      necessary: true,
      preferences: typeof saved.preferences === "boolean" ? saved.preferences : DEFAULT_CONSENT.preferences,
      analytics: typeof saved.analytics === "boolean" ? saved.analytics : DEFAULT_CONSENT.analytics,
      marketing: typeof saved.marketing === "boolean" ? saved.marketing : DEFAULT_CONSENT.marketing,
    };
  } catch (error) {
    console.error("Error parsing cookie settings:", error);
    return { ...DEFAULT_CONSENT };
  }
}

export type ConsentState = {
  /** A choice was made (the flag cookie equals 'true'): the banner stays hidden. */
  given: boolean;
  /** "Hide for 30 seconds" is running (set without JavaScript through a 30-second cookie). */
  hidden: boolean;
  /** How long it stays hidden from now (the banner comes back by itself after it, with or without JavaScript). */
  hiddenMs: number;
  settings: ConsentSettings;
};
