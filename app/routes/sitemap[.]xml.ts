import { localizedUrl } from "~/shell/public/seo";
import { listServices } from "~/features/content/index.server";
import { env } from "~/lib/env.server";
import { fallbackLanguage, supportedLanguages } from "~/lib/i18n/config";

const STATIC_PATHS = ["/", "/services", "/contact", "/termsOfService", "/privacyPolicy", "/cookiePolicy"];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);
}

/** Every public page in every language, each with its hreflang alternates. */
export async function loader() {
  const origin = env().appUrl;
  const services = await listServices(fallbackLanguage);
  const paths = [...STATIC_PATHS.slice(0, 2), ...services.map((service) => `/services/${service.key}`), ...STATIC_PATHS.slice(2)];
  const urls = paths.flatMap((path) =>
    supportedLanguages.map((language) => {
      const alternates = [
        ...supportedLanguages.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(localizedUrl(origin, path, other))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localizedUrl(origin, path))}"/>`,
      ];
      return `<url><loc>${escapeXml(localizedUrl(origin, path, language))}</loc>${alternates.join("")}</url>`;
    }),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
