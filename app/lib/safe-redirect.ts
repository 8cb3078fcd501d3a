/**
 * The one check of every redirect target that comes from a request (`redirectTo`
 * of the sign-in, theme, language, sidebar and consent forms): a path on this
 * site, or the fallback. Browsers drop tabs and line breaks from URLs and read
 * a backslash as a slash, so "/\t/evil.example" and "/\\evil.example" are other
 * sites to them; such targets, control characters, and anything that resolves to
 * another origin are refused. Shared by the server and the browser.
 */
const PROBE_ORIGIN = "http://redirect.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  // Control characters (tab, CR, LF, NUL…) and backslashes never belong in a path we send people to.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F\\]/.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  // Encoded slashes, backslashes or controls that would become "//" or "/\" once decoded.
  // eslint-disable-next-line no-control-regex
  if (/^[/\\][/\\]/.test(decoded.replace(/[\u0000-\u001F\u007F]/g, ""))) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}
