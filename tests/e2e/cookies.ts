import type { BrowserContext } from "@playwright/test";

/**
 * Records a cookie choice for the context, so that the cookie banner (fixed at
 * the bottom of every page until the visitor decides) does not cover the
 * controls a test clicks. Tests of the banner itself do not use this.
 */
export async function acceptCookies(context: BrowserContext) {
  const url = `http://localhost:${process.env.E2E_PORT}`;
  await context.addCookies([
    { name: "cookie_consent", value: "true", url },
    { name: "cookie_consent_settings", value: encodeURIComponent('{"necessary":true,"preferences":true,"analytics":true,"marketing":true}'), url },
  ]);
}
