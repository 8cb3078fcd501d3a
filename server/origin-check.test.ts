import { describe, expect, it } from "vitest";
import { isForeignMutation } from "./origin-check";

const app = "http://localhost:3000";
const request = (method: string, headers: Record<string, string>) => ({ method, headers, protocol: "http" }) as never;

describe("isForeignMutation", () => {
  it("lets reads and same-origin posts through", () => {
    expect(isForeignMutation(request("GET", { cookie: "a=b", origin: "https://evil.test" }), app)).toBe(false);
    expect(isForeignMutation(request("POST", { cookie: "a=b", origin: app, host: "localhost:3000" }), app)).toBe(false);
    expect(isForeignMutation(request("POST", { cookie: "a=b", origin: "http://127.0.0.1:4000", host: "127.0.0.1:4000" }), app)).toBe(false);
  });

  it("refuses a cookie-carrying post from another site", () => {
    expect(isForeignMutation(request("POST", { cookie: "a=b", origin: "https://evil.test", host: "localhost:3000" }), app)).toBe(true);
    expect(isForeignMutation(request("DELETE", { cookie: "a=b", "sec-fetch-site": "cross-site", host: "localhost:3000" }), app)).toBe(true);
  });

  it("does not concern requests without cookies (bearer tokens)", () => {
    expect(isForeignMutation(request("POST", { origin: "https://evil.test", authorization: "Bearer x" }), app)).toBe(false);
  });
});
