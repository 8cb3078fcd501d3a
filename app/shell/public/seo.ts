import type { MetaDescriptor } from "@remix-run/node";
import type { ServiceSummary } from "~/features/content";
import { formatAddress, type Firm } from "~/core/office/firm";
import { fallbackLanguage, supportedLanguages } from "~/lib/i18n/config";

/** What each public page's loader says about itself (already translated). */
export type PageMeta = { title: string; description: string; path: string };

type LayoutData = { origin: string; language: string; firm: { name: string } };
type Match = { id: string; data?: unknown };

export const PUBLIC_LAYOUT_ID = "routes/_public+/_layout";

/**
 * The URL of a public page in one language: English (the default, also x-default) at the
 * plain path, the others with `?lng=`, which is how the server picks the language.
 */
export function localizedUrl(origin: string, path: string, language: string = fallbackLanguage): string {
  return language === fallbackLanguage ? `${origin}${path}` : `${origin}${path}?lng=${language}`;
}

/**
 * Title, description, canonical URL, hreflang alternates (one per language and
 * x-default) and Open Graph tags of a public page.
 */
export function publicMeta(page: PageMeta | undefined, matches: Match[]): MetaDescriptor[] {
  const layout = matches.find((match) => match.id === PUBLIC_LAYOUT_ID)?.data as LayoutData | undefined;
  if (!page || !layout) return [{ title: page?.title ?? "" }];
  const title = page.path === "/" ? page.title : `${page.title} | ${layout.firm.name}`;
  const canonical = localizedUrl(layout.origin, page.path, layout.language);
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...supportedLanguages.map((language) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: language,
      href: localizedUrl(layout.origin, page.path, language),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: localizedUrl(layout.origin, page.path) },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: layout.firm.name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: { en: "en_US", ar: "ar_AR", fr: "fr_FR" }[layout.language] ?? "en_US" },
    { name: "twitter:card", content: "summary" },
  ];
}

const SCHEMA_DAYS: Record<string, string> = {
  Mo: "Monday",
  Tu: "Tuesday",
  We: "Wednesday",
  Th: "Thursday",
  Fr: "Friday",
  Sa: "Saturday",
  Su: "Sunday",
};

/** schema.org description of the firm (a local professional service) for search engines. */
export function firmJsonLd(firm: Firm, services: ServiceSummary[], origin: string, language: string): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${origin}/#firm`,
    name: firm.name,
    legalName: firm.legalName,
    url: `${origin}/`,
    telephone: firm.phone,
    email: firm.email,
    founder: firm.proprietor,
    foundingDate: firm.foundedYear ? String(firm.foundedYear) : undefined,
    inLanguage: language,
    knowsLanguage: ["en", "ar", "fr"],
    address: {
      "@type": "PostalAddress",
      streetAddress: firm.address.street,
      addressLocality: firm.address.city,
      addressRegion: firm.address.region,
      postalCode: firm.address.postalCode,
      addressCountry: firm.address.country,
    },
    geo: firm.geo ? { "@type": "GeoCoordinates", latitude: firm.geo.latitude, longitude: firm.geo.longitude } : undefined,
    hasMap: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatAddress(firm.address))}`,
    openingHoursSpecification: firm.hours.map((range) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: range.days.map((day) => SCHEMA_DAYS[day] ?? day),
      opens: range.opens,
      closes: range.closes,
    })),
    sameAs: firm.social ? Object.values(firm.social) : undefined,
    makesOffer: services.map((service) => ({
      "@type": "Offer",
      itemOffered: {
        "@type": "Service",
        name: service.title,
        description: service.description,
        url: `${origin}/services/${service.key}`,
      },
    })),
  };
  // "<" escaped so the JSON can never close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
