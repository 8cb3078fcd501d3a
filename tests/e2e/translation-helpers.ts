import { expect, type Page } from "@playwright/test";
import { randomBytes, randomUUID } from "node:crypto";
import { openTestDatabase } from "./fixtures";

/**
 * A translation file written straight into the test server's database (its stored file is a
 * row only, without bytes): for pages that show a file's details, not for downloads.
 */
export function createTranslationFileRow(options: { name?: string; clientId?: string | null; orderId?: string | null } = {}): string {
  const db = openTestDatabase();
  try {
    const fileId = randomUUID();
    const storedId = randomUUID();
    const now = new Date().toISOString();
    const name = options.name ?? "birth-certificate.pdf";
    db.prepare(
      "insert into stored_files (id, storage_name, original_name, mime_type, size_bytes, sha256, record_type, record_id, created_at) values (?, ?, ?, 'application/pdf', 1200, ?, 'translation', ?, ?)",
    ).run(storedId, randomBytes(16).toString("hex"), name, randomBytes(32).toString("hex"), fileId, now);
    db.prepare(
      "insert into translation_files (id, original_file_id, source_language, target_language, status, client_id, order_id, original_name, original_size, original_type, created_at, updated_at) values (?, ?, 'en', 'ar', 'pending', ?, ?, ?, 1200, 'pdf', ?, ?)",
    ).run(fileId, storedId, options.clientId ?? null, options.orderId ?? null, name, now, now);
    db.prepare("insert into translation_file_status_history (id, file_id, from_status, to_status, created_at) values (?, ?, null, 'pending', ?)").run(
      randomUUID(),
      fileId,
      now,
    );
    return fileId;
  } finally {
    db.close();
  }
}

/** The first translation file, made when there is none. */
export function anyTranslationFile(): string {
  const db = openTestDatabase();
  try {
    const row = db.prepare("select id from translation_files order by created_at limit 1").get() as { id: string } | undefined;
    if (row) return row.id;
  } finally {
    db.close();
  }
  return createTranslationFileRow();
}

/** On a desk file's page: the file goes to processing, then its translated file is uploaded (which completes it). */
export async function deliverTranslation(page: Page, translated: { name: string; buffer: Buffer }): Promise<void> {
  await page.getByLabel("New status").selectOption("processing");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status updated successfully")).toBeVisible();
  await page.getByLabel("Translated file").setInputFiles({ ...translated, mimeType: "application/pdf" });
  await page.getByRole("button", { name: "Upload translation" }).click();
  await expect(page.getByText("Translated file uploaded successfully")).toBeVisible();
}
