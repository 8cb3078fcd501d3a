import { describe, expect, it } from "vitest";
import { readSidebarOpen, sidebarCookie } from "~/lib/sidebar.server";
import { renderHtml as render } from "../../tests/support/render";
import { navGroupsFor } from "~/shell/nav-items";
import { readFoldedGroups } from "~/lib/sidebar.server";
import { ErrorFallback, ErrorPage, Forbidden, NotFound } from "./error-boundary";
import { deviceOf } from "./shell-hooks";
import { LoadingPlaceholder, type SkeletonShape } from "./ui/skeleton";

describe("error texts", () => {
  it("the short fallback reads 'Something went wrong' with 'Try again'", async () => {
    const html = await render(<ErrorFallback />);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Try again");
    expect(await render(<ErrorFallback />, "fr")).toContain("Réessayer");
  });

  it("the generic error page carries the spec's texts", async () => {
    const html = await render(<ErrorPage />);
    for (const text of [
      "Something Went Wrong",
      "Sorry, an unexpected error occurred. Please try again or return to the homepage.",
      "Try Again",
      "Go Home",
      "Contact Support",
      "What you can try",
    ]) {
      expect(html).toContain(text);
    }
    expect(await render(<ErrorPage />, "ar")).toContain("حدث خطأ ما");
  });

  it("not-found and forbidden pages link home", async () => {
    const notFound = await render(<NotFound />, "fr");
    expect(notFound).toContain("Cette page est introuvable");
    expect(notFound).toContain('href="/"');
    expect(await render(<Forbidden />)).toContain("You do not have access to this page");
  });
});

describe("skeletons", () => {
  const shapes: SkeletonShape[] = ["text", "avatar", "button", "image", "card", "list-item", "table-row", "stats", "form", "content-section"];
  it.each(shapes)("%s renders as a labelled loading region of fading placeholders", async (shape) => {
    const html = await render(<LoadingPlaceholder shape={shape} count={2} />);
    expect(html).toContain('role="status"');
    expect(html).toContain(`data-testid="skeleton-${shape}"`);
    expect(html).toContain("Loading…");
    expect(html).toMatch(/class="skeleton/);
  });
});

describe("sidebar and device", () => {
  it("the sidebar is open unless the cookie says false; the cookie lives 7 days", () => {
    const request = (cookie?: string) => new Request("http://localhost/client", { headers: cookie ? { Cookie: cookie } : {} });
    expect(readSidebarOpen(request())).toBe(true);
    expect(readSidebarOpen(request("a=1; sidebar_state=false"))).toBe(false);
    expect(readSidebarOpen(request("sidebar_state=true"))).toBe(true);
    expect(sidebarCookie(false)).toBe("sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax");
  });

  it("client items follow the features; admins see every dashboard group; staff only their screens", () => {
    const paths = (area: "client" | "dashboard", role: string, enabledFeatures: string[]) =>
      navGroupsFor(area, { role, enabledFeatures }).flatMap((group) => group.items.map((item) => item.to));
    expect(paths("client", "client", [])).toEqual([
      "/client",
      "/client/messages",
      "/client/requests",
      "/client/services",
      "/client/invoices",
      "/client/notifications",
      "/client/profile",
    ]);
    expect(paths("client", "client", ["reports"])).toContain("/client/reports");
    const admin = navGroupsFor("dashboard", { role: "admin", enabledFeatures: [] });
    expect(admin.map((group) => group.id)).toEqual(["overview", "work", "clients", "translation", "website", "finance", "settings"]);
    expect(paths("dashboard", "admin", [])).toContain("/dashboard/invoices");
    expect(paths("dashboard", "admin", [])).toContain("/dashboard/inbox");
    expect(paths("dashboard", "admin", [])).toContain("/dashboard/templates");
    expect(paths("dashboard", "staff", [])).toEqual(["/dashboard", "/dashboard/notifications", "/dashboard/profile"]);
    expect(paths("dashboard", "staff", ["inbox"])).toEqual(["/dashboard", "/dashboard/inbox", "/dashboard/notifications", "/dashboard/profile"]);
    expect(paths("dashboard", "staff", ["messages"])).toEqual(["/dashboard", "/dashboard/messages", "/dashboard/notifications", "/dashboard/profile"]);
    expect(paths("dashboard", "staff", ["translations"])).toEqual([
      "/dashboard",
      "/dashboard/notifications",
      "/dashboard/translations",
      "/dashboard/translation",
      "/dashboard/profile",
    ]);
    expect(paths("dashboard", "staff", ["document_extractor"])).toEqual([
      "/dashboard",
      "/dashboard/notifications",
      "/dashboard/document-extractor",
      "/dashboard/profile",
    ]);
    // A client never gets the dashboard's menu, whatever it was granted.
    expect(paths("dashboard", "client", ["inbox"])).toEqual([]);
  });

  it("each item of an area has an icon of its own (the folded sidebar shows only the icons)", () => {
    for (const area of ["client", "dashboard"] as const) {
      const icons = navGroupsFor(area, { role: "owner", enabledFeatures: ["service_orders", "appointments", "reports"] }).flatMap((group) =>
        group.items.map((item) => item.icon),
      );
      expect(new Set(icons).size).toBe(icons.length);
    }
  });

  it("folded menu groups come from their cookie, and nothing else does", () => {
    const request = (cookie?: string) => new Request("http://localhost/dashboard", { headers: cookie ? { Cookie: cookie } : {} });
    expect(readFoldedGroups(request("sidebar_groups=work%2Cwebsite"))).toEqual(["work", "website"]);
    expect(readFoldedGroups(request("sidebar_groups=%3Cscript%3E%2Cwork"))).toEqual(["work"]);
    expect(readFoldedGroups(request("other=1"))).toEqual([]);
  });

  it("mobile below 768 px", () => {
    expect(deviceOf(767)).toBe("mobile");
    expect(deviceOf(768)).toBe("desktop");
  });
});
