import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { defaultNS, fallbackLanguage, isLanguage, LANGUAGE_COOKIE, supportedLanguages, type Language } from "./config";
import { refreshStringOverrides, resources } from "./resources.server";

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The language choice, readable by the server on the first request (detection order: the query string, then this cookie). */
export const languageCookie = createCookie(LANGUAGE_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: false, // the browser mirrors it into localStorage
  maxAge: ONE_YEAR,
  secure: process.env.APP_URL?.startsWith("https://") ?? false,
});

const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    searchParamKey: "lng",
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { defaultNS, fallbackLng: fallbackLanguage, supportedLngs: [...supportedLanguages] },
});

/** The request's language: ?lng=, then the cookie, then Accept-Language, then English. */
export async function getLanguage(request: Request): Promise<Language> {
  const language = await remixI18n.getLocale(request);
  return isLanguage(language) ? language : fallbackLanguage;
}

/**
 * The Set-Cookie that keeps a language chosen by `?lng=`, so the next page, without `?lng`,
 * is in it too; null when the query names no supported language or the cookie already says it.
 */
export async function queryLanguageCookie(request: Request): Promise<string | null> {
  const chosen = new URL(request.url).searchParams.get("lng");
  if (!isLanguage(chosen)) return null;
  const saved: unknown = await languageCookie.parse(request.headers.get("cookie"));
  return saved === chosen ? null : languageCookie.serialize(chosen);
}

const instances = new Map<Language, { resources: ReturnType<typeof resources>; instance: Promise<I18n> }>();

/**
 * The i18next instance of one language, for server-side text (rendering, e-mails, meta,
 * API messages). Made once per language and shared: nothing changes its language; made
 * again when the strings change (run-time overrides, /dashboard/languages).
 */
export async function getInstance(language: Language): Promise<I18n> {
  // Strings overridden at run time (on this instance or another) are in use from the next request.
  await refreshStringOverrides();
  const all = resources();
  const cached = instances.get(language);
  if (cached && cached.resources === all) return cached.instance;
  const instance = createInstance();
  const ready = instance
    .init({
      lng: language,
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      defaultNS,
      ns: Object.keys(all[language]),
      resources: all,
      interpolation: { escapeValue: false },
      initImmediate: false,
    })
    .then(() => instance);
  instances.set(language, { resources: all, instance: ready });
  return ready;
}

export async function getFixedT(languageOrRequest: Language | Request, ns: string | string[] = defaultNS): Promise<TFunction> {
  const language = typeof languageOrRequest === "string" ? languageOrRequest : await getLanguage(languageOrRequest);
  const instance = await getInstance(language);
  return instance.getFixedT(language, ns);
}

/** One string in the request's language, e.g. a page's title in its loader: `title: await translate(request, "auth:login.title")`. */
export async function translate(request: Request, key: string, params: Record<string, unknown> = {}): Promise<string> {
  const t = await getFixedT(request);
  return String(t(key, params));
}
