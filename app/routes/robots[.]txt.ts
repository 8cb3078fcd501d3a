import { env } from "~/lib/env.server";

/** Crawlers may read the public site; the private areas and machine endpoints are off limits. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /client",
    "Disallow: /dashboard",
    "Disallow: /api",
    "Disallow: /resources",
    "",
    `Sitemap: ${env().appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
