/**
 * Has anything been written to the database since I last looked? — asked by the agents' door on
 * every call, so it can answer from memory instead of reading the database (issue 23). A signal's
 * `token()` is a number that changes whenever a transaction is committed to the database by any
 * connection of any process, or null when this database cannot say (the caller reads the database,
 * as before).
 *
 * - SQLite: SQLite's own `PRAGMA data_version` on a dedicated read-only connection to the file,
 *   which never writes, so every commit by the app, the gateway or a script changes it. Reading it
 *   is a call into SQLite in this process (microseconds), not a query through Prisma.
 * - PostgreSQL: null for now — the door reads the key and the catalog's stamp on every call, as
 *   before. (Change events between instances over LISTEN/NOTIFY are the next step; see
 *   docs/DECISIONS.md, "Agents' door".)
 *
 * A token compares only with tokens of the same signal: one signal per database client.
 */
import Database from "better-sqlite3";
import type { Db } from "./client";
import { dialectOf, sqliteFilePath } from "./database-url";

export interface ChangeSignal {
  /** Changes with every commit to the database; null when this database gives no such signal. */
  token(): number | null;
  close(): void;
}

const noSignal: ChangeSignal = { token: () => null, close: () => undefined };

/** The signal for the database at `url`. */
export function openChangeSignal(url: string): ChangeSignal {
  if (dialectOf(url) !== "sqlite") return noSignal;
  let connection: Database.Database | null = null;
  return {
    token() {
      try {
        connection ??= new Database(sqliteFilePath(url), { readonly: true, fileMustExist: true });
        return connection.pragma("data_version", { simple: true }) as number;
      } catch {
        // No file yet, or it cannot be opened: no signal, so the caller reads the database itself.
        return null;
      }
    },
    close() {
      connection?.close();
      connection = null;
    },
  };
}

/**
 * On `globalThis`, as the client itself is (client.ts): the one-port server loads lib/ twice —
 * once itself, once inside Next.js's bundles — and both copies share one client, so they share
 * what is known about it too.
 */
const shared = globalThis as typeof globalThis & { quiverChangeSignals?: { signals: WeakMap<Db, ChangeSignal>; urls: WeakMap<Db, string> } };
shared.quiverChangeSignals ??= { signals: new WeakMap(), urls: new WeakMap() };
const { signals, urls } = shared.quiverChangeSignals;

/** Records which database `db` talks to (createDb does), so {@link changeSignalOf} can open its signal. */
export function rememberDatabaseUrl(db: Db, url: string): void {
  urls.set(db, url);
}

/** The change signal of `db`'s database (opened on first use), or one that gives none for a client of unknown origin. */
export function changeSignalOf(db: Db): ChangeSignal {
  let signal = signals.get(db);
  if (!signal) {
    const url = urls.get(db);
    signal = url === undefined ? noSignal : openChangeSignal(url);
    signals.set(db, signal);
  }
  return signal;
}
