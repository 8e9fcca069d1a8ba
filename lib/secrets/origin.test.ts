import { describe, expect, it } from "vitest";
import { secretOrigin } from "./origin";

describe("secretOrigin", () => {
  it.each([
    ["https://api.example.com/orders/{{order_id}}", "https://api.example.com:443"],
    ["https://api.example.com:443/orders?tenant={{ctx.tenant}}", "https://api.example.com:443"],
    ["HTTPS://API.Example.COM/orders", "https://api.example.com:443"],
    ["http://api.example.com/orders", "http://api.example.com:80"],
    ["http://api.example.com:80", "http://api.example.com:80"],
    ["https://api.example.com:8443/x", "https://api.example.com:8443"],
    ["https://api.example.com?q={{city}}", "https://api.example.com:443"],
    ["https://api.example.com#top", "https://api.example.com:443"],
    ["https://127.0.0.1:3000/status", "https://127.0.0.1:3000"],
    ["https://[::1]:8080/status", "https://[::1]:8080"],
    ["https://bücher.example/x", "https://xn--bcher-kva.example:443"],
  ])("%s → %s", (url, origin) => {
    expect(secretOrigin(url)).toBe(origin);
  });

  it.each([
    ["another host", "https://evil.example.net/orders"],
    ["a sub-domain", "https://api.example.com.evil.example.net/orders"],
    ["another port", "https://api.example.com:8443/orders"],
    ["another scheme", "http://api.example.com/orders"],
  ])("tells %s apart", (_case, url) => {
    expect(secretOrigin(url)).not.toBe(secretOrigin("https://api.example.com/orders"));
  });

  it("refuses what is not an http(s) URL", () => {
    expect(() => secretOrigin("ftp://example.com/x")).toThrow(TypeError);
  });
});
