import { Link } from "@remix-run/react";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FooterBlocks, ServiceSummary } from "~/features/content";
import type { Firm } from "~/core/office/firm";
import { OfficeDetails } from "~/components/public/office-details";

/** Official pages the firm's clients ask about most (until the footer's links are edited); they open in a new tab. */
const RESOURCES = [
  { key: "irsRefund", href: "https://www.irs.gov/wheres-my-refund" },
  { key: "michiganRefund", href: "https://www.michigan.gov/taxes/iit/refund" },
  { key: "uscisStatus", href: "https://egov.uscis.gov/" },
  { key: "irsPayments", href: "https://www.irs.gov/payments" },
] as const;

export function Footer({ firm, services, blocks }: { firm: Firm; services: Array<Pick<ServiceSummary, "key" | "title">>; blocks?: FooterBlocks | null }) {
  const { t } = useTranslation("public");
  const links = blocks?.links ?? RESOURCES.map((resource) => ({ label: t(`footer.links.${resource.key}`), url: resource.href }));
  const year = new Date().getFullYear();
  return (
    <footer className="page-end lazy-render border-t bg-muted/40 text-sm">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <section aria-labelledby="footer-office" className="lg:col-span-2">
          <h2 id="footer-office" className="mb-3 text-base font-semibold">
            {t("footer.office")}
          </h2>
          <p className="mb-3 font-semibold text-primary">{firm.name}</p>
          {blocks?.note ? <p className="mb-3 text-muted-foreground">{blocks.note}</p> : null}
          <OfficeDetails firm={firm} />
        </section>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="mb-3 text-base font-semibold">
            {t("footer.services")}
          </h2>
          <ul className="flex flex-col gap-2">
            {services.map((service) => (
              <li key={service.key}>
                <Link to={`/services/${service.key}`} className="hover:text-primary hover:underline">
                  {service.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-firm">
          <h2 id="footer-firm" className="mb-3 text-base font-semibold">
            {t("footer.firm")}
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <Link to="/#about" className="hover:text-primary hover:underline">
                {t("nav.about")}
              </Link>
            </li>
            <li>
              <Link to="/services" className="hover:text-primary hover:underline">
                {t("nav.services")}
              </Link>
            </li>
            <li>
              <Link to="/#faq" className="hover:text-primary hover:underline">
                {t("footer.faq")}
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-primary hover:underline">
                {t("nav.contact")}
              </Link>
            </li>
          </ul>
          <h2 className="mb-3 mt-6 text-base font-semibold">{t("footer.legal")}</h2>
          <ul className="flex flex-col gap-2">
            <li>
              <Link to="/termsOfService" className="hover:text-primary hover:underline">
                {t("legal.terms-of-service")}
              </Link>
            </li>
            <li>
              <Link to="/privacyPolicy" className="hover:text-primary hover:underline">
                {t("legal.privacy-policy")}
              </Link>
            </li>
            <li>
              <Link to="/cookiePolicy" className="hover:text-primary hover:underline">
                {t("legal.cookie-policy")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="mb-3 text-base font-semibold">
            {t("footer.resources")}
          </h2>
          <ul className="flex flex-col gap-2">
            {links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 hover:text-primary hover:underline">
                  {link.label}
                  <ExternalLink aria-hidden className="size-3" />
                  <span className="sr-only">{t("footer.newTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-muted-foreground">{t("footer.copyright", { year, name: firm.legalName ?? firm.name })}</p>
      </div>
    </footer>
  );
}
