import { acceptCookies } from "./cookies";
import { DEMO, expect, hydrated, signIn, test } from "./fixtures";

test.describe("the e-mail template preview", () => {
  test("shows the e-mail in an empty sandbox: a script written in a template stays text and never runs", async ({ context, page }) => {
    await acceptCookies(context);
    await signIn(context, DEMO.admin);
    await page.goto("/dashboard/templates/inbox.reply?language=en");
    await hydrated(page.getByRole("button", { name: "Preview" }));
    const script = `<script>parent.document.body.dataset.previewScript = "ran"</script>`;
    await page.getByLabel("Heading").fill(`Dear {{name}}, ${script}`);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("Preview of your changes (not saved)")).toBeVisible();

    const frame = page.getByTestId("preview-frame");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(page.frameLocator('[data-testid="preview-frame"]').locator("body")).toContainText(`Dear Maria Lopez, ${script}`);
    // A frame of its own origin: this page cannot reach into it, nor it into this page.
    expect(await frame.evaluate((element: HTMLIFrameElement) => element.contentDocument)).toBeNull();
    expect(await page.evaluate(() => document.body.dataset.previewScript)).toBeUndefined();
  });
});
