import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AnnouncementBar } from "~/shell/public/announcement-bar";
import { Footer } from "~/shell/public/footer";
import { Navbar } from "~/components/public/navbar";
import { firmJsonLd } from "~/shell/public/seo";
import { dismissedAnnouncementId, getPublicChrome } from "~/features/content/index.server";
import { getUser } from "~/core/identity/session-user.server";
import { env } from "~/lib/env.server";
import { homePathFor } from "~/lib/features";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { useNonce } from "~/lib/nonce";

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const [chrome, user, dismissed] = await Promise.all([getPublicChrome(language), getUser(request), dismissedAnnouncementId(request)]);
  return json({
    origin: env().appUrl,
    language,
    firm: chrome.firm,
    services: chrome.services,
    footer: chrome.footer,
    announcement: chrome.announcement && !(chrome.announcement.dismissible && chrome.announcement.id === dismissed) ? chrome.announcement : null,
    account: user ? { home: homePathFor(user.role) } : null,
  });
}

export default function PublicLayout() {
  const data = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <div className="flex min-h-screen flex-col">
      {data.announcement ? <AnnouncementBar key={data.announcement.id} announcement={data.announcement} /> : null}
      <Navbar firmName={data.firm.name} account={data.account} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer firm={data.firm} services={data.services} blocks={data.footer} />
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: firmJsonLd(data.firm, data.services, data.origin, data.language) }}
      />
    </div>
  );
}
