import { createClient, DEMO, expect, signIn, test, uniqueIp } from "./fixtures";
import { expectNoViolations } from "./axe";

const PAGES = [
  { path: "/", canonical: "/" },
  { path: "/services", canonical: "/services" },
  { path: "/services/translation", canonical: "/services/translation" },
  { path: "/contact", canonical: "/contact" },
  { path: "/termsOfService", canonical: "/termsOfService" },
  { path: "/privacyPolicy", canonical: "/privacyPolicy" },
  { path: "/privacy-policy", canonical: "/privacyPolicy" },
  { path: "/cookiePolicy", canonical: "/cookiePolicy" },
];

for (const language of ["en", "ar"] as const) {
  test(`every public page answers in ${language} with its title, alternates and layout`, async ({ page, baseURL }) => {
    for (const { path, canonical } of PAGES) {
      const response = await page.goto(`${path}?lng=${language}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const suffix = language === "en" ? "" : `?lng=${language}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${canonical}${suffix}`);
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
      await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute("href", /\?lng=fr$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
      expect(await page.title()).not.toBe("");
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText("13201 Michigan Avenue");
      await expect(footer.getByRole("link", { name: language === "ar" ? "سياسة الخصوصية" : "Privacy Policy" })).toHaveAttribute("href", "/privacyPolicy");
    }
  });
}

test("a public page is drawn in the system font at first, fetches its core fonts after loading, and the next page uses them", async ({ context }) => {
  for (const [language, files] of [
    ["en", 2],
    ["ar", 4],
  ] as const) {
    // A new tab: its session storage is empty.
    const page = await context.newPage();
    const fonts: string[] = [];
    const listener = (request: { url(): string; resourceType(): string }) => {
      if (request.url().endsWith(".woff2")) fonts.push(request.url());
    };
    page.on("request", listener);

    // First page of the tab: nothing waits for a font, none is preloaded (docs/decisions/005).
    await page.goto(`/?lng=${language}`);
    await expect(page.locator("html"), language).not.toHaveAttribute("data-fonts");
    await expect(page.locator('link[rel="preload"][as="font"]'), language).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily), language).toMatch(/^ui-sans-serif/);
    // After the load event the page fetches its core files, and only those (never a complete @fontsource face).
    await expect.poll(() => new Set(fonts).size, { message: language, intervals: [100] }).toBe(files);
    for (const url of fonts) expect(url, language).toMatch(/-core-(400|600)-[\w-]+\.woff2$/);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("fonts")?.split(" ").length ?? 0), { message: language, intervals: [100] }).toBe(files);
    page.off("request", listener);

    // The next page has them from the first paint: preloaded from the cache and drawn in IBM Plex.
    await page.goto(`/services?lng=${language}`);
    await expect(page.locator("html"), language).toHaveAttribute("data-fonts", "");
    const preloaded = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloaded.sort(), language).toEqual([...new Set(fonts)].sort());
    await page.evaluate(() => document.fonts.ready);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family, language).toMatch(language === "ar" ? /^"IBM Plex Sans Arabic"/ : /^"IBM Plex Sans"/);
    const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replace(/"/g, "")));
    for (const name of language === "ar" ? ["IBM Plex Sans Arabic", "IBM Plex Sans"] : ["IBM Plex Sans"]) expect(loaded, language).toContain(name);
    await page.close();
  }
});

test("pages that hydrate use the web fonts from the first paint, preloaded", async ({ page }) => {
  await page.goto("/login?lng=ar");
  await expect(page.locator("html")).toHaveAttribute("data-fonts", "");
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(4);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"IBM Plex Sans Arabic"/);
});

test("the home page shows the banner, the proprietor, services, figures, testimonials, FAQs and the call to action @mobile", async ({ page }) => {
  await page.goto("/?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Taxes, Translation and Notary, All Under One Roof");
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/services");
  await expect(page.locator("main").getByRole("link", { name: "About Our Firm" })).toHaveAttribute("href", "#about");
  await expect(page.locator("#about")).toContainText("more than 20 years of combined experience");
  await expect(page.getByRole("heading", { name: "Our services" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "20+" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What our clients say" })).toBeVisible();

  const faqs = page.locator("#faq details");
  await expect(faqs).toHaveCount(5);
  const first = faqs.first();
  await expect(first).not.toHaveAttribute("open", "");
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await expect(first).toContainText("photo ID");

  await expect(page.getByRole("heading", { name: "Ready to Get Started?" })).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "ProfessionalService", name: "Fairlane Tax & Translation", telephone: "+1-313-555-0142" });
  expect(jsonLd.makesOffer).toHaveLength(5);
  expect(jsonLd.openingHoursSpecification[0].dayOfWeek).toContain("Monday");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the mobile menu opens as a disclosure @mobile-only", async ({ page }) => {
    await page.goto("/services?lng=en");
    const menu = page.locator("header details");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Contact Us" })).toBeVisible();
    await menu.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("every class on the bundle-free pages has its rule in their inline stylesheet (public.css)", async ({ page }) => {
    test.slow(); // sixteen pages and two form posts
    /** Class names of the page's elements that no rule of its stylesheets mentions. */
    const unstyled = () =>
      page.evaluate(() => {
        const known = new Set<string>();
        const walk = (rules: CSSRuleList) => {
          for (const rule of Array.from(rules)) {
            const selector = (rule as CSSStyleRule).selectorText;
            if (selector) for (const match of selector.matchAll(/\.((?:\\.|[\w-])+)/g)) known.add(match[1]!.replace(/\\(.)/g, "$1"));
            if ((rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules);
          }
        };
        for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
        const missing = new Set<string>();
        // lucide-* name the icons; they carry no style of their own.
        for (const element of Array.from(document.querySelectorAll("[class]"))) {
          for (const name of Array.from(element.classList)) if (!known.has(name) && !name.startsWith("lucide")) missing.add(name);
        }
        return [...missing];
      });
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
    for (const language of ["en", "ar"]) {
      for (const path of ["/", "/services", "/services/notary", "/contact", "/termsOfService", "/privacyPolicy", "/cookiePolicy"]) {
        await page.goto(`${path}?lng=${language}`);
        expect(await page.locator('link[rel="stylesheet"]').count(), path).toBe(0);
        expect(await unstyled(), `${path} (${language})`).toEqual([]);
      }
      // The contact form's answers (errors, confirmation) use the same stylesheet: the enhanced form swaps them in.
      await page.goto(`/contact?lng=${language}`);
      await page.locator("form#contact button[type=submit]").click();
      await expect(page.locator("form#contact [aria-invalid=true]").first()).toBeVisible();
      expect(await unstyled(), `/contact errors (${language})`).toEqual([]);
      await page.locator("form#contact input[name=name]").fill("Ann");
      await page.locator("form#contact input[name=email]").fill("ann@example.com");
      await page.locator("form#contact input[name=subject]").fill("Hello");
      await page.locator("form#contact textarea[name=message]").fill("Hello");
      await page.locator("form#contact button[type=submit]").click();
      await expect(page.locator("form#contact [data-outcome=success]")).toBeVisible();
      expect(await unstyled(), `/contact sent (${language})`).toEqual([]);
    }
  });
});

test("services list the five services; each detail offers ordering and booking; an unknown key is 404", async ({ page }) => {
  await page.goto("/services?lng=en");
  const cards = page.locator("main li");
  await expect(cards).toHaveCount(5);
  await page.getByRole("link", { name: /Learn more.*Notary Public/ }).click();
  await expect(page).toHaveURL(/\/services\/notary$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notary Public");
  await expect(page.getByRole("list", { name: "At a glance" })).toContainText("Appointment: about");
  await expect(page.getByRole("link", { name: "Order this service" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent("/client/service-orders/new?service=notary")}`,
  );
  await expect(page.getByRole("link", { name: "Book an appointment" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent("/client/appointments/new?service=notary")}`,
  );

  await page.goto("/services/translation?lng=ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الترجمة المعتمدة");

  const missing = await page.goto("/services/no_such_service");
  expect(missing?.status()).toBe(404);
});

test("the contact page gives the office details and a Get Directions link", async ({ page }) => {
  await page.goto("/contact?lng=en");
  const office = page.locator("main address");
  await expect(office).toContainText("+1-313-555-0142");
  await expect(office).toContainText("hello@example.com");
  await expect(office).toContainText("Monday – Friday");
  const directions = page.getByRole("link", { name: /Get Directions/ });
  await expect(directions).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=13201%20Michigan%20Avenue/);
  await expect(directions).toHaveAttribute("target", "_blank");
  await expect(directions).toHaveAttribute("rel", /noopener/);
});

test("Schedule an Appointment sends a visitor to sign in first, then straight on to the booking page", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
  const client = createClient();
  await page.goto("/?lng=en");
  await page.getByRole("banner").getByRole("link", { name: "Schedule an Appointment" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fclient%2Fappointments%2Fnew$/);
  await page.getByLabel("E-mail address").fill(client.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/client\/appointments\/new$/);
  // (Registering from the same link leads there too: tests/e2e/auth.spec.ts.)
});

test("Schedule an Appointment takes a signed-in client straight to the booking page", async ({ page, context }) => {
  await signIn(context, DEMO.client);
  await page.goto("/?lng=en");
  await expect(page.getByRole("banner").getByRole("link", { name: "My account" })).toHaveAttribute("href", "/client");
  await page.getByRole("banner").getByRole("link", { name: "Schedule an Appointment" }).click();
  await expect(page).toHaveURL(/\/client\/appointments\/new$/);
});

test("the legal pages render the firm's texts in the reader's language", async ({ page }) => {
  await page.goto("/privacyPolicy?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.locator("main")).toContainText("Section 7216");
  await page.goto("/privacy-policy?lng=fr");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/privacyPolicy\?lng=fr$/);
  await page.goto("/cookiePolicy?lng=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("main script")).toHaveCount(0);
});

test("sitemap.xml lists every public page in every language with alternates", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(locations).toHaveLength(11 * 3);
  for (const path of ["/", "/services", "/services/tax_efiling", "/contact", "/termsOfService", "/privacyPolicy", "/cookiePolicy"]) {
    expect(locations).toContain(`${baseURL}${path}`);
    for (const language of ["ar", "fr"]) expect(locations).toContain(`${baseURL}${path}?lng=${language}`);
  }
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/contact"/>`);
});

test("robots.txt keeps crawlers out of the private areas and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  for (const area of ["/client", "/dashboard", "/api", "/resources"]) expect(text).toContain(`Disallow: ${area}`);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

for (const path of ["/", "/services", "/services/immigration", "/contact", "/cookiePolicy"]) {
  test(`${path} has no accessibility violations (axe) in English and Arabic`, async ({ page }) => {
    for (const language of ["en", "ar"]) {
      await page.goto(`${path}?lng=${language}`);
      // The home page is checked with the cookie banner on it (tests/e2e/shell-a11y.spec.ts checks it at 390 px).
      if (path === "/") await expect(page.getByTestId("cookie-consent")).toBeAttached();
      await expectNoViolations(page, `${path} ${language}`);
    }
  });
}

test("the dark theme (followed from the system) keeps its contrast (axe)", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/contact?lng=en");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoViolations(page, "dark");
});
