import { afterEach, describe, expect, it, vi } from "vitest";
import { consentCookies, hideCookie, readConsent } from "~/lib/cookie-consent.server";
import { ACCEPT_ALL, DEFAULT_CONSENT, parseConsentSettings, REJECT_ALL } from "~/lib/cookie-consent";

describe("cookie consent settings", () => {
  afterEach(() => vi.restoreAllMocks());

  it("defaults: necessary and preferences and analytics on, marketing off", () => {
    expect(parseConsentSettings(undefined)).toEqual({ necessary: true, preferences: true, analytics: true, marketing: false });
    expect(DEFAULT_CONSENT).toEqual({ necessary: true, preferences: true, analytics: true, marketing: false });
    expect(ACCEPT_ALL).toEqual({ necessary: true, preferences: true, analytics: true, marketing: true });
    expect(REJECT_ALL).toEqual({ necessary: true, preferences: false, analytics: false, marketing: false });
  });

  it("unparsable settings fall back to the defaults and log 'Error parsing cookie settings:'", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(parseConsentSettings("{not json")).toEqual(DEFAULT_CONSENT);
    expect(log).toHaveBeenCalledWith("Error parsing cookie settings:", expect.any(SyntaxError));
    expect(parseConsentSettings("[1,2]")).toEqual(DEFAULT_CONSENT);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("necessary can never be switched off", () => {
    expect(parseConsentSettings(JSON.stringify({ necessary: false, preferences: false, analytics: true, marketing: true }))).toEqual({
      necessary: true,
      preferences: false,
      analytics: true,
      marketing: true,
    });
  });

  it("the server reads the flag only when it equals 'true'", () => {
    const request = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect(readConsent(request("cookie_consent=true")).given).toBe(true);
    expect(readConsent(request("cookie_consent=yes")).given).toBe(false);
    expect(readConsent(request("")).given).toBe(false);
    expect(readConsent(request(`cookie_consent_settings=${encodeURIComponent('{"marketing":true}')}`)).settings.marketing).toBe(true);
  });

  it("cookies last 30 days on path /, SameSite Lax, Secure only on https", () => {
    const [flag, settings] = consentCookies(new Request("http://localhost/"), ACCEPT_ALL);
    for (const cookie of [flag!, settings!]) {
      expect(cookie).toContain("Max-Age=2592000");
      expect(cookie).toContain("Path=/");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).not.toContain("Secure");
    }
    expect(flag).toMatch(/^cookie_consent=true;/);
    expect(consentCookies(new Request("https://firm.example/"), REJECT_ALL)[0]).toContain("Secure");
    expect(hideCookie(new Request("http://localhost/"))).toContain("Max-Age=30");
  });
});
