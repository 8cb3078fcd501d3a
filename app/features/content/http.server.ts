import { createCookie, json } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { invariantResponse } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { LegalDocument } from "./content";
import { getLegalHtml } from "./content.server";

/** The id of the announcement the visitor closed; a newer announcement shows again. */
export const dismissedAnnouncementCookie = createCookie("announcement_dismissed", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env().appUrl.startsWith("https://"),
  maxAge: 60 * 60 * 24 * 30,
});

export async function dismissedAnnouncementId(request: Request): Promise<string | null> {
  const value: unknown = await dismissedAnnouncementCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The loader of a legal page: the document's sanitised HTML in the reader's language, and its meta. */
export async function loadLegalPage(request: Request, document: LegalDocument, path: string) {
  const language = await getLanguage(request);
  const [t, html] = await Promise.all([getFixedT(language, "public"), getLegalHtml(document, language)]);
  invariantResponse(html, "Document not found");
  return json({ meta: { title: t(`legal.${document}`), description: t(`legal.descriptions.${document}`), path }, html });
}
