/**
 * Load for the door benchmarks (bench/runtime.ts, bench/tracing.ts): autocannon at a fixed
 * concurrency for a fixed time, with the app process's CPU time per request read from /proc and
 * the load average around the reading.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";

export interface Figures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
  /** The app's CPU time (user + system) per request, in ms; null where /proc is not available or for the direct calls. */
  readonly cpuPerRequest: number | null;
  /** The 1-minute load average before and after the reading. */
  readonly load: readonly [number, number];
}

/** CPU time (user + system, ms) process `pid` has used so far, or null without Linux's /proc. */
export function cpuTimeMs(pid: number | undefined): number | null {
  const stat = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(stat)) return null;
  // Fields after the command name: state is the 1st, utime the 12th and stime the 13th, in clock ticks (100 a second).
  const fields = readFileSync(stat, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Drives `options` (its connections and duration included); `app` is the app process whose CPU time is measured (none for direct calls). */
export async function driveLoad(options: autocannon.Options, app?: ChildProcess): Promise<Figures> {
  const load = loadavg()[0]!;
  const cpuBefore = cpuTimeMs(app?.pid);
  const result = await autocannon(options);
  const cpuAfter = cpuTimeMs(app?.pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / Math.max(result.requests.total, 1),
    load: [load, loadavg()[0]!],
  };
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Environment variable `name` as a whole number of at least `least` (`fallback` when unset); exits with a message otherwise. */
export function wholeNumberFromEnv(name: string, fallback: number, least: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (Number.isInteger(value) && value >= least) return value;
  console.error(`${name} must be a whole number of at least ${least}.`);
  process.exit(1);
}

