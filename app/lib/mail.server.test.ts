import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "./env.server";
import { mailDir, resetMailForTests, sendMail } from "./mail.server";

describe("sendMail without SMTP", () => {
  beforeEach(() => {
    resetEnvForTests();
    resetMailForTests();
    fs.rmSync(mailDir(), { recursive: true, force: true });
  });

  it("writes one RFC 822 file per message, named so that ls sorts them oldest first", async () => {
    for (const n of [1, 2, 3]) {
      await sendMail({ to: `person${n}@example.com`, subject: `Message ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>` });
    }
    const files = fs.readdirSync(mailDir());
    expect(files).toHaveLength(3);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const sorted = [...files].sort();
    const subjects = sorted.map((file) => /^Subject: (.*)$/m.exec(fs.readFileSync(`${mailDir()}/${file}`, "utf8"))?.[1]);
    expect(subjects).toEqual(["Message 1", "Message 2", "Message 3"]);
    const first = fs.readFileSync(`${mailDir()}/${sorted[0]}`, "utf8");
    expect(first).toMatch(/^To: person1@example.com$/m);
    expect(first).toContain("Body 1");
    expect(first).toMatch(/Content-Type: multipart\/alternative/);
  });

  it("keeps the mail folder (reset links) to the owner: folder 0700, files 0600, whatever the umask", async () => {
    const previous = process.umask(0o022);
    try {
      await sendMail({ to: "someone@example.com", subject: "Reset", text: "link", html: "<p>link</p>" });
    } finally {
      process.umask(previous);
    }
    expect(fs.statSync(mailDir()).mode & 0o777).toBe(0o700);
    for (const file of fs.readdirSync(mailDir())) expect(fs.statSync(`${mailDir()}/${file}`).mode & 0o777).toBe(0o600);
  });
});
