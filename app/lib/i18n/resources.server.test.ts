import { afterEach, expect, it, vi } from "vitest";
import { bundledResources } from "./resources.server";

afterEach(() => vi.unstubAllEnvs());

it("reads the locale files once outside development: the same object at every call", () => {
  vi.stubEnv("NODE_ENV", "test");
  expect(bundledResources()).toBe(bundledResources());
  vi.stubEnv("NODE_ENV", "production");
  expect(bundledResources()).toBe(bundledResources());
});

it("reads them again at each call in development, so that an edited file applies at once", () => {
  vi.stubEnv("NODE_ENV", "development");
  const first = bundledResources();
  expect(bundledResources()).not.toBe(first);
  expect(bundledResources()).toEqual(first);
});
