import { describe, expect, it } from "vitest";
import { dismissedAnnouncementId } from "~/features/content/http.server";
import { action } from "~/routes/resources+/announcement.dismiss";

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/resources/announcement/dismiss", { method: "POST", body: new URLSearchParams(fields) });
}

describe("dismissing the announcement bar (works without JavaScript)", () => {
  it("remembers the announcement in a cookie and goes back to the page", async () => {
    const response = await action({ request: post({ id: "a1b2-c3", redirectTo: "/services?lng=ar" }), params: {}, context: {} });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/services?lng=ar");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^announcement_dismissed=/);
    expect(cookie).toContain("HttpOnly");
    const next = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
    expect(await dismissedAnnouncementId(next)).toBe("a1b2-c3");
  });

  it("ignores a foreign redirect and a malformed id", async () => {
    const response = await action({ request: post({ id: "<script>", redirectTo: "https://evil.example/" }), params: {}, context: {} });
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});
