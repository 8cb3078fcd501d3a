import { expect, type Page } from "@playwright/test";
import { textImage } from "../support/documents";
import { hydrated } from "./fixtures";

/** The one line of text on the scan submitScan() sends. */
export const SCAN_LINE = "The quick brown fox jumps over the lazy dog.";

/** On the open extractor page: sends a one-line English scan (scan.png) and waits for its run's address. */
export async function submitScan(page: Page): Promise<void> {
  await hydrated(page.getByRole("button", { name: "Extract text" }));
  await page.getByLabel("Document").setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: textImage([SCAN_LINE]) });
  await page.getByRole("button", { name: "Extract text" }).click();
  await expect(page).toHaveURL(/\/dashboard\/document-extractor\?run=[0-9a-f-]{36}$/);
}
