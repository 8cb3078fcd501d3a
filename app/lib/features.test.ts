import { describe, expect, it } from "vitest";
import { canUseBackOffice, hasFeature, homePathFor } from "./features";

const person = (role: string, enabledFeatures: string[] = []) => ({ role, enabledFeatures });

describe("access by role and feature", () => {
  it("gives the owner and admins every feature and every back-office screen", () => {
    for (const role of ["owner", "admin"]) {
      expect(hasFeature(person(role), "inbox")).toBe(true);
      expect(canUseBackOffice(person(role), "translations")).toBe(true);
      expect(canUseBackOffice(person(role), "admin")).toBe(true);
    }
    expect(canUseBackOffice(person("admin"), "owner")).toBe(false);
    expect(canUseBackOffice(person("owner"), "owner")).toBe(true);
  });

  it("lets staff reach exactly the screens of their granted features", () => {
    const staff = person("staff", ["inbox"]);
    expect(canUseBackOffice(staff, undefined)).toBe(true);
    expect(canUseBackOffice(staff, "inbox")).toBe(true);
    expect(canUseBackOffice(staff, "tasks")).toBe(false);
    expect(canUseBackOffice(staff, "admin")).toBe(false);
    expect(homePathFor("staff")).toBe("/dashboard");
  });

  it("keeps clients out of the back office whatever they were granted", () => {
    const client = person("client", ["inbox", "service_orders"]);
    expect(canUseBackOffice(client, undefined)).toBe(false);
    expect(canUseBackOffice(client, "inbox")).toBe(false);
    expect(hasFeature(client, "service_orders")).toBe(true);
    expect(hasFeature(person("client", []), "service_orders")).toBe(false);
    expect(homePathFor("client")).toBe("/client");
  });
});
