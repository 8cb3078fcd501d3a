import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Quote, Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ClientLogos } from "~/shell/public/client-logos";
import { publicMeta, PUBLIC_LAYOUT_ID } from "~/shell/public/seo";
import { ServiceIcon } from "~/shell/public/service-icon";
import { AboutSection, CtaSection, HeroSection, StatsSection, type TextSection } from "~/shell/public/home-sections";
import { getSection, getSectionHtml, getStats, listFaqs, listLogos, listServices, listTestimonials } from "~/features/content/index.server";
import { getFirm } from "~/core/office/firm.server";
import { testimonialPhotoSrc } from "~/features/content";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { cn } from "~/lib/utils";
import type { loader as layoutLoader } from "./_layout";
import type { HydrationHandle } from "~/lib/hydration";

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const [t, firm, hero, about, aboutHtml, cta, services, stats, testimonials, logos, faqs] = await Promise.all([
    getFixedT(language, "public"),
    getFirm(),
    getSection<TextSection>("hero", language),
    getSection<TextSection>("about", language),
    getSectionHtml("about", "body", language),
    getSection<TextSection>("cta", language),
    listServices(language),
    getStats(language),
    listTestimonials(language),
    listLogos(),
    listFaqs(language),
  ]);
  return json({
    meta: { title: t("home.meta.title", { name: firm.name }), description: hero?.subtitle ?? t("home.meta.description"), path: "/" },
    proprietor: { name: firm.proprietor, title: firm.proprietorTitle?.[language] ?? firm.proprietorTitle?.en ?? "" },
    hero,
    about: about ? { title: about.title } : null,
    aboutHtml: aboutHtml ?? "",
    cta,
    services,
    stats,
    testimonials,
    logos,
    faqs,
  });
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>(PUBLIC_LAYOUT_ID);
  const { t } = useTranslation("public");
  const signedIn = Boolean(layout?.account);

  return (
    <>
      <HeroSection hero={data.hero} />
      <AboutSection title={data.about?.title} bodyHtml={data.aboutHtml} proprietor={data.proprietor} />

      <section aria-labelledby="services-title" className="lazy-render bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="services-title" className="text-2xl font-semibold sm:text-3xl">
            {t("home.services.title")}
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">{t("home.services.intro")}</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {data.services.map((service) => (
              <li key={service.key} className="flex flex-col rounded-lg border bg-card p-6">
                <ServiceIcon name={service.icon} className="size-7 text-accent" />
                <h3 className="mt-4 text-lg font-semibold">{service.title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{service.description}</p>
                <Link to={`/services/${service.key}`} className="mt-4 text-sm font-semibold text-primary underline-offset-4 hover:underline">
                  {t("services.learnMore")}
                  <span className="sr-only">: {service.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <StatsSection stats={data.stats} />

      {data.testimonials.length > 0 ? (
        <section aria-labelledby="testimonials-title" className="lazy-render bg-muted/40">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 id="testimonials-title" className="text-2xl font-semibold sm:text-3xl">
              {t("home.testimonials.title")}
            </h2>
            <ul className="mt-8 grid gap-5 lg:grid-cols-3">
              {data.testimonials.map((testimonial) => (
                <li key={testimonial.id} className="rounded-lg border bg-card p-6">
                  <figure>
                    <Quote aria-hidden className="size-6 text-accent" />
                    <p className="mt-2 flex gap-0.5" aria-label={t("home.testimonials.rating", { rating: testimonial.rating })} role="img">
                      {Array.from({ length: 5 }, (_, index) => (
                        <Star
                          key={index}
                          aria-hidden
                          className={cn("size-4", index < testimonial.rating ? "fill-current text-warning" : "text-muted-foreground")}
                        />
                      ))}
                    </p>
                    <blockquote className="mt-3 leading-relaxed">{testimonial.quote}</blockquote>
                    <figcaption className="mt-4 flex items-center gap-3 text-sm">
                      {testimonial.photo ? (
                        <img
                          src={testimonialPhotoSrc(testimonial.photo.fileId)}
                          alt=""
                          width={testimonial.photo.width}
                          height={testimonial.photo.height}
                          loading="lazy"
                          decoding="async"
                          className="size-12 rounded-full object-cover"
                        />
                      ) : null}
                      <span>
                        <span className="font-semibold">{testimonial.authorName}</span>
                        {testimonial.authorTitle ? <span className="text-muted-foreground">, {testimonial.authorTitle}</span> : null}
                      </span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {data.logos.length > 0 ? (
        <section aria-labelledby="logos-title" className="lazy-render">
          <div className="mx-auto max-w-6xl px-4 py-12">
            <h2 id="logos-title" className="text-center text-lg font-semibold text-muted-foreground">
              {t("home.logos.title")}
            </h2>
            <ClientLogos logos={data.logos} />
          </div>
        </section>
      ) : null}

      <section id="faq" aria-labelledby="faq-title" className="lazy-render scroll-mt-4">
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="faq-title" className="text-2xl font-semibold sm:text-3xl">
            {t("home.faq.title")}
          </h2>
          <div className="mt-8 divide-y rounded-lg border">
            {data.faqs.map((faq) => (
              <details key={faq.id} className="group p-5">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                  <span>{faq.question}</span>
                  <span aria-hidden className="text-xl leading-none text-muted-foreground group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 leading-relaxed text-muted-foreground">{faq.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <CtaSection cta={data.cta} signedIn={signedIn} />
    </>
  );
}

// Works entirely as HTML: no JavaScript is sent for this page.
export const handle = { hydrate: false } satisfies HydrationHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data?.meta, matches);

export const ErrorBoundary = GeneralErrorBoundary;
