import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RequestPreview } from "../response";
import { curlCommand, shellQuote } from "./curl-command";

/** The words a POSIX shell makes of `command` when `curl` is a function printing its arguments. */
function wordsOf(command: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}`;
  const result = spawnSync("sh", ["-c", script], { encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split("\0").slice(0, -1);
}

const preview = (overrides: Partial<RequestPreview> = {}): RequestPreview => ({
  method: "GET",
  url: "https://api.example.com/orders/A%201?tenant=acme&x=1",
  headers: {},
  body: null,
  ...overrides,
});

describe("curlCommand", () => {
  it("writes a GET without -X, one option per line", () => {
    const command = curlCommand(preview({ headers: { Accept: "application/json", Authorization: "••••abcd" } }));
    expect(command).toBe(
      "curl 'https://api.example.com/orders/A%201?tenant=acme&x=1' \\\n  -H 'Accept: application/json' \\\n  -H 'Authorization: ••••abcd'",
    );
  });

  it.each([
    ["POST", ["-X", "POST"]],
    ["DELETE", ["-X", "DELETE"]],
    ["HEAD", ["--head"]],
  ])("gives %s its method flag", (method, flags) => {
    expect(wordsOf(curlCommand(preview({ method }))).slice(0, flags.length)).toEqual(flags);
  });

  it("passes a body with --data-raw, so a leading @ is not read as a file", () => {
    const words = wordsOf(curlCommand(preview({ method: "POST", body: "@/etc/passwd" })));
    expect(words.slice(-2)).toEqual(["--data-raw", "@/etc/passwd"]);
  });

  it("quotes every character a shell would interpret", () => {
    const hostile = `it's $HOME \`id\` "q" \\ ; | & > < * ? ~ ! # \n end`;
    expect(wordsOf(`curl ${shellQuote(hostile)}`)).toEqual([hostile]);
  });

  it("round-trips any URL, header and body through a real shell (property)", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 }).map((value) => value.replace(/\0/g, ""));
    fc.assert(
      fc.property(text, text, text, (url, value, body) => {
        const words = wordsOf(curlCommand(preview({ method: "PUT", url, headers: { "X-Note": value }, body })));
        expect(words).toEqual(["-X", "PUT", url, "-H", `X-Note: ${value}`, "--data-raw", body]);
      }),
      { numRuns: 40 },
    );
  });
});
