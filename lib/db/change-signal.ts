/**
 * Has anything the agents' door keeps in memory been written since I last looked? — asked by the
 * door on every call, so it can answer from memory instead of reading the database (issue 23). A
 * signal's `token()` is a number that changes whenever a transaction that writes API keys (or
 * their personas), tools, their secrets, credentials or personas is committed by any connection of
 * any process, or null when this database cannot say (the caller reads the database, as before).
 * Writes to anything else — the call log, rate-limit counters, sessions — leave it alone, so the
 * door's own bookkeeping under load does not make it re-read what it remembers.
 *
 * - SQLite: triggers on those tables count their writes in the one-row table `change_counter`
 *   (migration 20261204175352_sqlite_change_counter). A dedicated read-only connection to the file
 *   asks SQLite's own `PRAGMA data_version` — which moves with every commit by any connection — and
 *   reads the counter only when it moved; and it asks only when the WAL-index header (in the `-shm`
 *   file, which every commit changes) moved since it last asked. All are calls in this process
 *   (microseconds), not queries through Prisma. A database without the counter (not yet migrated)
 *   gives no signal.
 * - PostgreSQL: a count of the change events this process has heard. Every committed write to
 *   those tables sends `NOTIFY quiver_changes` with its schema (a trigger, migration
 *   20261202130000_change_events), and one connection per process LISTENs. While that connection
 *   is not listening — not yet connected, or lost — the token is null and the caller reads the
 *   database on every call, as before. A notification sent while it was away is lost, so every
 *   (re)connection counts as a change of everything: what was remembered is read again.
 *
 * A token compares only with tokens of the same signal: one signal per database client.
 */
import { closeSync, openSync, readSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { observeChangeEventLag } from "../observability/metrics";
import { CONNECT_TIMEOUT_MS } from "./adapter";
import type { Db } from "./client";
import { dialectOf, postgresTarget, sqliteFilePath } from "./database-url";

export interface ChangeSignal {
  /** Changes with every commit to the database; null when this database gives no such signal. */
  token(): number | null;
  /** This process committed a change (the signal may not have heard of it yet). */
  changedHere(): void;
  close(): void;
}

const noSignal: ChangeSignal = { token: () => null, changedHere: () => undefined, close: () => undefined };

/** The channel the change trigger notifies on; its payload is the schema of the table written. */
export const CHANGE_CHANNEL = "quiver_changes";

/** How the listening connection shows in `pg_stat_activity`. */
export const LISTENER_APPLICATION_NAME = "quiver-change-listener";

/** How long a lost listener waits before connecting again (the door reads the database meanwhile). */
export const RELISTEN_DELAY_MS = 1_000;

/** The signal for the database at `url`. */
export function openChangeSignal(url: string): ChangeSignal {
  return dialectOf(url) === "sqlite" ? sqliteSignal(url) : postgresSignal(url);
}

/**
 * The first copy of SQLite's WAL-index header: the first 48 bytes of the `-shm` file
 * (https://www.sqlite.org/walformat.html, "the WAL-index header"). Every committed transaction
 * changes it — its `iChange` counter, the WAL's frame count and checksums — and a reset WAL changes
 * its salts. Reading it is one `pread` of memory SQLite keeps mapped, with no lock and no statement
 * (a read transaction for `PRAGMA data_version` takes two `fcntl` locks: most of the door's change
 * check under load). A read torn by a commit in progress only differs: it costs a full check.
 */
const WAL_INDEX_HEADER_BYTES = 48;

/** Reads the WAL-index header of the database file at `file` into `into`; false while it has no `-shm` file (not in WAL mode) or it cannot be read. */
function walIndexHeaderReader(file: string): { read(into: Buffer): boolean; close(): void } {
  let descriptor: number | null = null;
  return {
    read(into) {
      try {
        descriptor ??= openSync(`${file}-shm`, "r");
        return readSync(descriptor, into, 0, WAL_INDEX_HEADER_BYTES, 0) === WAL_INDEX_HEADER_BYTES;
      } catch {
        return false;
      }
    },
    close() {
      if (descriptor !== null) closeSync(descriptor);
      descriptor = null;
    },
  };
}

/**
 * The writes `change_counter` has counted, on a read-only connection of its own: read only when
 * SQLite's commit counter (`PRAGMA data_version`) moved, which is asked only when the WAL-index
 * header moved — so a call while nothing was committed costs one `pread`.
 */
function sqliteSignal(url: string): ChangeSignal {
  let reader: { dataVersion: Database.Statement<[], number>; changes: Database.Statement<[], number> } | null = null;
  let connection: Database.Database | null = null;
  let seen: { dataVersion: number; changes: number } | null = null;
  const header = walIndexHeaderReader(sqliteFilePath(url));
  // The header when `seen` was read (read before it: a commit in between only makes the next call check again), and now.
  const seenHeader = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const currentHeader = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let seenHeaderValid = false;
  return {
    token() {
      const headerRead = seen !== null && header.read(currentHeader);
      if (headerRead && seenHeaderValid && currentHeader.equals(seenHeader)) return seen!.changes;
      try {
        if (reader === null) {
          connection ??= new Database(sqliteFilePath(url), { readonly: true, fileMustExist: true });
          // Prepared once: a statement prepared per call would cost more than reading it.
          reader = {
            dataVersion: connection.prepare<[], number>("PRAGMA data_version").pluck(),
            changes: connection.prepare<[], number>('SELECT "changes" FROM "change_counter" WHERE "id" = 1').pluck(),
          };
        }
        const dataVersion = reader.dataVersion.get()!;
        if (seen?.dataVersion !== dataVersion) {
          const changes = reader.changes.get();
          seen = changes === undefined ? null : { dataVersion, changes };
        }
        seenHeaderValid = headerRead && seen !== null;
        if (seenHeaderValid) currentHeader.copy(seenHeader);
        return seen?.changes ?? null;
      } catch {
        // No file, no counter yet (an older database), or it cannot be read: no signal, so the caller reads the database itself.
        reader = null;
        seen = null;
        seenHeaderValid = false;
        return null;
      }
    },
    // The triggers count this process's commits too.
    changedHere: () => undefined,
    close() {
      connection?.close();
      connection = null;
      reader = null;
      seen = null;
      seenHeaderValid = false;
      header.close();
    },
  };
}

/** A PostgreSQL signal's state, for tests and the listener's own bookkeeping. */
export interface ListeningSignal extends ChangeSignal {
  /** The listening connection's server process id while it listens (what `pg_terminate_backend` takes), else null. */
  listenerPid(): number | null;
  /** The payload of the last change event heard, or null (tests wait on a marker of their own). */
  lastHeard(): string | null;
}

/** The change events on PostgreSQL database `url` (its `?schema=`'s), heard on one LISTEN connection; see the module comment. */
export function postgresSignal(url: string): ListeningSignal {
  const { connectionString, schema } = postgresTarget(url);
  let heard = 0;
  let lastHeard: string | null = null;
  let listening: { client: pg.Client; pid: number } | null = null;
  let connecting = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const lost = (client: pg.Client) => {
    if (listening?.client === client) listening = null;
    client.removeAllListeners();
    // An error on a dying connection must not become an unhandled one.
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
    if (closed || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      listen();
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  const listen = () => {
    if (closed || connecting || listening !== null) return;
    connecting = true;
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: LISTENER_APPLICATION_NAME });
    client.on("notification", (message) => {
      // The trigger sends the schema and the write's time; anything else after the schema (a test's marker) counts as a change too.
      const payload = message.payload ?? "";
      if (message.channel !== CHANGE_CHANNEL || (payload !== schema && !payload.startsWith(`${schema} `))) return;
      heard += 1;
      lastHeard = payload;
      const writtenAt = payload.slice(schema.length + 1);
      if (/^\d+$/.test(writtenAt)) observeChangeEventLag("change_event", (Date.now() - Number(writtenAt)) / 1000);
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    client
      .connect()
      .then(() => client.query<{ pid: number }>(`LISTEN ${CHANGE_CHANNEL}; SELECT pg_backend_pid() AS pid`))
      .then((results) => {
        connecting = false;
        if (closed) return void client.end().catch(() => undefined);
        const answers = Array.isArray(results) ? results : [results];
        const pid = Number(answers.at(-1)?.rows[0]?.pid);
        // The listener never keeps a process alive: a stopping server or script exits without closing it.
        (client as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
        // Whatever was remembered before now may have missed a change: it is read again.
        heard += 1;
        listening = { client, pid };
      })
      .catch(() => {
        connecting = false;
        lost(client);
      });
  };

  return {
    token() {
      if (listening === null) {
        // The first call connects; after a loss the retry's timer does (no connection storm while the database is away).
        if (retry === null) listen();
        return null;
      }
      return heard;
    },
    changedHere() {
      heard += 1;
    },
    listenerPid: () => listening?.pid ?? null,
    lastHeard: () => lastHeard,
    close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      const current = listening?.client;
      listening = null;
      void current?.end().catch(() => undefined);
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

/** Closes `db`'s signal (its listening connection on PostgreSQL), for a client that is done. */
export function closeChangeSignalOf(db: Db): void {
  signals.get(db)?.close();
  signals.delete(db);
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
