import { getFirm } from "~/core/office/firm.server";
import { env } from "~/lib/env.server";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { directionOf, isLanguage, fallbackLanguage, type Language } from "~/lib/i18n/config";
import { sendMail } from "~/lib/mail.server";
import { logger } from "~/lib/logger.server";
import type Mail from "nodemailer/lib/mailer";

/**
 * Every e-mail the product sends: one layout, in the recipient's language,
 * as plain text and HTML. Areas give the strings (already translated with the
 * `t` this module hands them) and an optional call to action.
 */
export type EmailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action, e.g. "This link expires in 1 hour." */
  note?: string;
};

export function absoluteUrl(pathname: string): string {
  return new URL(pathname, env().appUrl + "/").toString();
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

export function renderEmail(content: EmailContent, language: Language, firmName: string): { text: string; html: string } {
  const dir = directionOf(language);
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.note ? [content.note, ""] : []),
    `— ${firmName}`,
  ].join("\n");
  const align = dir === "rtl" ? "right" : "left";
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fa;font-family:'IBM Plex Sans','IBM Plex Sans Arabic',Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;border:1px solid #dbe2ec"><tr><td style="padding:28px;text-align:${align}" dir="${dir}">
<p style="margin:0 0 20px;font-weight:600;color:#123163">${escapeHtml(firmName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 14px;line-height:1.55">${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`).join("\n")}
${content.action ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#123163;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 14px;font-size:13px;color:#475569;word-break:break-all">${escapeHtml(content.action.url)}</p>` : ""}
${content.note ? `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(content.note)}</p>` : ""}
</td></tr></table></body></html>`;
  return { text, html };
}

/**
 * The firm's name as its content says now (the kept details are forgotten whenever the content
 * changes). A message still goes out without it.
 */
export async function emailFirmName(): Promise<string> {
  return getFirm().then(
    (firm) => firm.name,
    (error: unknown) => {
      logger.warn({ err: error }, "the firm's name could not be read for an e-mail");
      return "";
    },
  );
}

/**
 * Builds the message in the recipient's language and sends it.
 * `build` receives a `t` fixed to that language (namespaces as given).
 */
export async function sendLocalizedEmail(options: {
  to: string;
  language: string | null | undefined;
  namespaces: string | string[];
  build: (t: Awaited<ReturnType<typeof getFixedT>>) => EmailContent;
  attachments?: Mail.Attachment[];
  replyTo?: string;
}): Promise<void> {
  const language = isLanguage(options.language) ? options.language : fallbackLanguage;
  const t = await getFixedT(language, options.namespaces);
  const content = options.build(t);
  const { text, html } = renderEmail(content, language, await emailFirmName());
  await sendMail({ to: options.to, replyTo: options.replyTo, subject: content.subject, text, html, attachments: options.attachments });
}
