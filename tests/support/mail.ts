import fs from "node:fs";
import path from "node:path";

/**
 * Reads the messages the app wrote to `<dataDir>/mail` (no SMTP in tests):
 * one RFC 822 file each, named so that sorting lists them oldest first.
 */
export type SavedMail = { file: string; to: string; subject: string; text: string };

function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeHeader(value: string): string {
  // Whitespace between two encoded words is folding, not text (RFC 2047).
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** Every part of the body, decoded (nodemailer picks quoted-printable or base64 per part). */
function decodeBody(body: string): string {
  return body
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return decodeQuotedPrintable(part);
      const partHeaders = part.slice(0, split);
      const content = part.slice(split).trim();
      if (/content-transfer-encoding:\s*base64/i.test(partHeaders)) return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
      return decodeQuotedPrintable(content);
    })
    .join("\n");
}

/** The messages of one server's DATA_DIR, or of several servers' together (oldest first across all). */
export function readMails(dataDir: string | string[]): SavedMail[] {
  const files = [dataDir]
    .flat()
    .map((one) => path.join(one, "mail"))
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) => fs.readdirSync(dir).map((name) => ({ dir, name })));
  return files
    .filter(({ name }) => name.endsWith(".eml"))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ dir, name }) => {
      const raw = fs.readFileSync(path.join(dir, name), "utf8");
      const headerEnd = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
      const header = (field: string) => decodeHeader(new RegExp(`^${field}: (.*)$`, "im").exec(headers)?.[1]?.trim() ?? "");
      return { file: name, to: header("To"), subject: header("Subject"), text: decodeBody(raw.slice(headerEnd)) };
    });
}

/** The newest message to `address`, if any. */
export function latestMailTo(dataDir: string | string[], address: string): SavedMail | undefined {
  return readMails(dataDir)
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()))
    .at(-1);
}

/** The first absolute link to `pathname` in a message (e.g. "/verify-email"), with its token and the rest of its query (e.g. `redirectTo`). */
export function linkIn(mail: SavedMail, pathname: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${pathname.replace(/[-/]/g, "\\$&")}\\?token=[A-Za-z0-9_-]+(?:&[^\\s"<>]+)?`).exec(mail.text);
  if (!match) throw new Error(`no ${pathname} link in "${mail.subject}"`);
  return match[0];
}

export function tokenIn(mail: SavedMail, pathname: string): string {
  return new URL(linkIn(mail, pathname)).searchParams.get("token")!;
}

/** The first absolute link of the form `<origin><prefix><token>` (e.g. "/r/": a request's one-click link carries its token in the path). */
export function pathTokenLinkIn(mail: SavedMail, prefix: string): string {
  const match = new RegExp(`https?://[^\\s"<>/]+${prefix.replace(/[-/]/g, "\\$&")}[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${prefix} link in "${mail.subject}"`);
  return match[0];
}
