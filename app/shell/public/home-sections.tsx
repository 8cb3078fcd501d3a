import { Link } from "@remix-run/react";
import { ArrowRight, BadgeCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import type { Stat } from "~/features/content";
import { intlLocale } from "~/lib/i18n/config";
import { cn } from "~/lib/utils";
import { appointmentHref } from "~/components/public/navbar";

/**
 * The home page's editable sections, shared by the home page and the back-office preview
 * (/dashboard/content/{sectionId}), so a preview looks as the page will.
 */
export type TextSection = { title?: string; subtitle?: string; body?: string };

export function HeroSection({ hero }: { hero: TextSection | null }) {
  const { t } = useTranslation("public");
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <h1 id="hero-title" className="max-w-3xl text-3xl font-semibold tracking-tight text-primary sm:text-5xl">
          {hero?.title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted-foreground">{hero?.subtitle}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/services" className={buttonVariants({ size: "lg" })}>
            {t("home.getStarted")}
            <ArrowRight aria-hidden className="rtl:rotate-180" />
          </Link>
          <a href="#about" className={buttonVariants({ size: "lg", variant: "outline" })}>
            {t("nav.about")}
          </a>
        </div>
      </div>
    </section>
  );
}

/** The proprietor's story: its title, and its body as sanitised HTML from Markdown (renderMarkdown). */
export function AboutSection({ title, bodyHtml, proprietor }: { title?: string; bodyHtml: string; proprietor: { name: string; title: string } }) {
  const { t } = useTranslation("public");
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-4">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 id="about-title" className="text-2xl font-semibold sm:text-3xl">
            {title}
          </h2>
          <div
            className="[&_a]:text-primary [&_a]:underline [&_li]:mb-1 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mt-4 [&_p]:leading-relaxed [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:ps-6"
            dangerouslySetInnerHTML={{ __html: bodyHtml }}
          />
        </div>
        <aside aria-labelledby="proprietor-name" className="rounded-lg border bg-card p-6">
          <h3 id="proprietor-name" className="text-lg font-semibold">
            {proprietor.name}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{proprietor.title}</p>
          <ul className="mt-5 flex flex-col gap-3 text-sm">
            {(["taxPreparer", "translator", "experience"] as const).map((key) => (
              <li key={key} className="flex gap-2">
                <BadgeCheck aria-hidden className="size-5 shrink-0 text-accent" />
                {t(`home.about.badges.${key}`)}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}

export function StatsSection({ stats }: { stats: Stat[] }) {
  const { t, i18n } = useTranslation("public");
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  if (stats.length === 0) return null;
  return (
    <section aria-labelledby="stats-title" className="lazy-render">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="stats-title" className="text-2xl font-semibold sm:text-3xl">
          {t("home.stats.title")}
        </h2>
        <dl className="mt-8 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.key} className="flex flex-col-reverse rounded-lg border p-5">
              <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="text-3xl font-semibold text-primary">
                {number.format(stat.value)}
                {stat.suffix}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function CtaSection({ cta, signedIn }: { cta: TextSection | null; signedIn: boolean }) {
  const { t } = useTranslation("public");
  return (
    // In the dark theme the primary is a light blue: the band stays dark (a card between borders) instead of a light slab.
    <section aria-labelledby="cta-title" className="lazy-render bg-primary text-primary-foreground dark:border-y dark:bg-card dark:text-card-foreground">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h2 id="cta-title" className="text-2xl font-semibold sm:text-3xl">
          {cta?.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl">{cta?.body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={appointmentHref(signedIn)}
            className={cn(buttonVariants({ size: "lg", variant: "secondary" }), "dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90")}
          >
            {t("nav.schedule")}
          </Link>
          <Link
            to="/contact"
            className={cn(
              buttonVariants({ size: "lg", variant: "outline" }),
              "border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-foreground/10 dark:border-input dark:text-foreground dark:hover:bg-muted",
            )}
          >
            {t("nav.contact")}
          </Link>
        </div>
      </div>
    </section>
  );
}
