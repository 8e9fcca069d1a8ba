/**
 * `npm test` on a fresh machine (scripts/test.sh): without Chromium's headless shell it installs
 * Debian's package itself when it can (root and apt-get), saying so, falls back to a full chromium
 * (saying how to make the suite faster), and otherwise stops at once with the command to run —
 * before any slow step. Real tools are replaced by recorders on PATH: nothing is
 * installed and no test suite runs here.
 */
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../lib/db/migrations/dialect-schemas";

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Every recorded command line, in order. */
  readonly calls: string[];
}

/** A folder of fake commands, each appending `name args` (and CHROMIUM_PATH for npx) to a log. */
function fakeTools(root: boolean): { bin: string; log: string } {
  const bin = mkdtempSync(path.join(tmpdir(), "quiver-test-sh-"));
  const log = path.join(bin, "calls.log");
  const fake = (name: string, body: string) => {
    writeFileSync(path.join(bin, name), `#!/bin/bash\necho "${name} $*" >> "${log}"\n${body}\n`);
    chmodSync(path.join(bin, name), 0o755);
  };
  // The few real tools the script and the fakes need; /usr/bin itself may hold a real chromium.
  for (const tool of ["dirname", "chmod"]) symlinkSync(`/usr/bin/${tool}`, path.join(bin, tool));
  fake("id", `echo ${root ? 0 : 1000}`);
  // apt-get "installs" the package it is asked for by putting an executable of that name on PATH.
  fake("apt-get", `if [ "$1" = install ]; then printf '#!/bin/bash\\n' > "${bin}/$4"; chmod +x "${bin}/$4"; fi`);
  fake("npm", "exit 0");
  fake("npx", `echo "npx CHROMIUM_PATH=$CHROMIUM_PATH" >> "${log}"`);
  return { bin, log };
}

function runTestScript({ bin, log }: { bin: string; log: string }): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      "/bin/bash",
      [path.join(PROJECT_ROOT, "scripts/test.sh")],
      // Only the fakes on PATH: no real chromium, apt-get, npm or npx.
      { env: { NODE_ENV: "test", PATH: bin, HOME: bin, CHROMIUM_PATH: path.join(bin, "no-chromium-here") }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const calls = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [];
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr, calls: calls.filter((call) => !call.startsWith("id")) });
      },
    );
  });
}

/** Puts an executable `name` on the fakes' PATH, as an installed browser. */
function installBrowser(bin: string, name: string): void {
  writeFileSync(path.join(bin, name), "#!/bin/bash\n");
  chmodSync(path.join(bin, name), 0o755);
}

describe("npm test without Chromium", () => {
  it("stops at once with the exact command when it cannot install (not root)", async () => {
    const { code, stderr, calls } = await runTestScript(fakeTools(false));
    expect(code).toBe(1);
    expect(stderr).toContain("Chromium is missing");
    expect(stderr).toContain("sudo apt-get install chromium-headless-shell");
    expect(calls).toEqual([]);
  });

  it("installs Debian's headless shell itself as root with apt-get, says so, and the suite uses it", async () => {
    const tools = fakeTools(true);
    // A full chromium does not stop the install: the headless shell is what the suite is timed on.
    installBrowser(tools.bin, "chromium");
    const { code, stdout, calls } = await runTestScript(tools);
    expect(code).toBe(0);
    expect(stdout).toContain("installing Debian's chromium-headless-shell package");
    expect(calls.slice(0, 2)).toEqual(["apt-get update -qq", "apt-get install -y -qq chromium-headless-shell"]);
    const npxCalls = calls.filter((call) => call.startsWith("npx CHROMIUM_PATH="));
    expect(npxCalls.length).toBeGreaterThan(0);
    for (const call of npxCalls) expect(call).toMatch(/\/chromium-headless-shell$/);
  });

  it("uses a headless shell found on PATH without installing anything", async () => {
    const tools = fakeTools(true);
    installBrowser(tools.bin, "chromium-headless-shell");
    const { code, calls } = await runTestScript(tools);
    expect(code).toBe(0);
    expect(calls.some((call) => call.startsWith("apt-get"))).toBe(false);
    expect(calls).toContain(`npx CHROMIUM_PATH=${path.join(tools.bin, "chromium-headless-shell")}`);
  });

  it("falls back to a full chromium when it cannot install, and says how to be faster", async () => {
    const tools = fakeTools(false);
    installBrowser(tools.bin, "chromium");
    const { code, stdout, calls } = await runTestScript(tools);
    expect(code).toBe(0);
    expect(stdout).toContain("sudo apt-get install chromium-headless-shell");
    expect(calls.some((call) => call.startsWith("apt-get"))).toBe(false);
    expect(calls).toContain(`npx CHROMIUM_PATH=${path.join(tools.bin, "chromium")}`);
  });
});
