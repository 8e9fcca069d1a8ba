import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureEnvFile, type EnvDefault } from "./env-file";

const DEFAULTS: EnvDefault[] = [
  { name: "NEXTAUTH_SECRET", value: () => "generated-secret", why: "signs session tokens" },
  { name: "QUIVER_ENCRYPTION_KEY", value: () => "generated-key", why: "encrypts secrets" },
];

function envFile(content: string | null): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "quiver-env-")), ".env");
  if (content !== null) {
    writeFileSync(file, content);
    chmodSync(file, 0o644);
  }
  return file;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("ensureEnvFile", () => {
  it("writes every missing setting to a new file readable by its owner only", () => {
    const file = envFile(null);
    expect(ensureEnvFile(file, {}, DEFAULTS)).toEqual(["NEXTAUTH_SECRET", "QUIVER_ENCRYPTION_KEY"]);
    expect(readFileSync(file, "utf8")).toBe("# signs session tokens\nNEXTAUTH_SECRET=generated-secret\n# encrypts secrets\nQUIVER_ENCRYPTION_KEY=generated-key\n");
    expect(modeOf(file)).toBe(0o600);
  });

  it("makes an existing file owner-only when it appends to it", () => {
    const file = envFile("NEXTAUTH_SECRET=kept\n");
    expect(ensureEnvFile(file, {}, DEFAULTS)).toEqual(["QUIVER_ENCRYPTION_KEY"]);
    expect(readFileSync(file, "utf8")).toBe("NEXTAUTH_SECRET=kept\n# encrypts secrets\nQUIVER_ENCRYPTION_KEY=generated-key\n");
    expect(modeOf(file)).toBe(0o600);
  });

  it("fills a blank value in place (a copied .env.example), keeping what is set", () => {
    const file = envFile("# Sign-in\nNEXTAUTH_SECRET=\nQUIVER_ENCRYPTION_KEY=  \nPORT=3000");
    expect(ensureEnvFile(file, {}, DEFAULTS)).toEqual(["NEXTAUTH_SECRET", "QUIVER_ENCRYPTION_KEY"]);
    expect(readFileSync(file, "utf8")).toBe("# Sign-in\nNEXTAUTH_SECRET=generated-secret\nQUIVER_ENCRYPTION_KEY=generated-key\nPORT=3000");
  });

  it.each([['""'], ["''"]])("treats an empty quoted value (%s) as blank too", (quotes) => {
    const file = envFile(`NEXTAUTH_SECRET=${quotes}\nQUIVER_ENCRYPTION_KEY=set\n`);
    expect(ensureEnvFile(file, {}, DEFAULTS)).toEqual(["NEXTAUTH_SECRET"]);
    expect(readFileSync(file, "utf8")).toBe("NEXTAUTH_SECRET=generated-secret\nQUIVER_ENCRYPTION_KEY=set\n");
  });

  it("leaves a setting to the environment only when the environment's value is not blank", () => {
    const file = envFile(null);
    expect(ensureEnvFile(file, { NEXTAUTH_SECRET: "from-env", QUIVER_ENCRYPTION_KEY: " " }, DEFAULTS)).toEqual(["QUIVER_ENCRYPTION_KEY"]);
    expect(readFileSync(file, "utf8")).not.toContain("NEXTAUTH_SECRET");
  });

  it("changes nothing when every setting is there", () => {
    const file = envFile("NEXTAUTH_SECRET=a\nQUIVER_ENCRYPTION_KEY=b\n");
    expect(ensureEnvFile(file, {}, DEFAULTS)).toEqual([]);
    expect(readFileSync(file, "utf8")).toBe("NEXTAUTH_SECRET=a\nQUIVER_ENCRYPTION_KEY=b\n");
  });
});
