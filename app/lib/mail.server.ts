import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { env } from "./env.server";
import { logger } from "./logger.server";

/**
 * Outgoing mail, the one door to it. With SMTP_URL it goes to that server;
 * otherwise each message is written as an RFC 822 file to $DATA_DIR/mail/,
 * named `<ISO timestamp>-<random>.eml` so that `ls` lists them oldest first.
 */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: Mail.Attachment[];
};

let transporter: Transporter | undefined;
let lastStamp = 0;

function transport(): Transporter {
  transporter ??= env().smtpUrl
    ? nodemailer.createTransport(env().smtpUrl!)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

export function mailDir(): string {
  return path.join(env().dataDir, "mail");
}

/** A strictly increasing timestamp, so that two messages in one millisecond still sort in order. */
function nextStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

const silenced = new AsyncLocalStorage<true>();

/**
 * Runs `work` with no mail going out: records made by it (the demo's year, dated in the past)
 * tell nobody. Whatever `work` starts, awaited or not, is silenced too.
 */
export function withoutMail<T>(work: () => Promise<T>): Promise<T> {
  return silenced.run(true, work);
}

/** True inside withoutMail: callers may skip composing a message that would not be sent. */
export function mailIsSilenced(): boolean {
  return silenced.getStore() === true;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  if (mailIsSilenced()) return;
  const info = await transport().sendMail({ from: env().mailFrom, ...mail });
  if (env().smtpUrl) {
    logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, "mail sent");
    return;
  }
  const dir = mailDir();
  // Reset and verification links are in these files: the owner alone reads them.
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${nextStamp()}-${randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
  logger.info({ to: mail.to, subject: mail.subject, file }, "mail written");
}

/** Tests and the host use a fresh transport after the configuration changes. */
export function resetMailForTests(): void {
  transporter = undefined;
}
