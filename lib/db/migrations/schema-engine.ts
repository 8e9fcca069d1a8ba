/**
 * Prisma's schema engine, loaded from its WebAssembly build. The native engine cannot be
 * downloaded on every machine Quiver is built on; the wasm build computes the same diffs and
 * writes the same `_prisma_migrations` history as `prisma migrate deploy`.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm";
import type { Dialect } from "../database-url";
import { offlineAdapterFactory } from "./offline-adapter";

type Bindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

let bindings: Promise<Bindings> | undefined;

/** Instantiates the wasm module once per process (it is 5 MB; every engine shares it). */
function loadBindings(): Promise<Bindings> {
  bindings ??= (async () => {
    const bg: Bindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    // The package exports only its JS entry points; the .wasm sits beside them.
    const glue = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmPath = path.join(path.dirname(glue), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), { "./schema_engine_bg.js": bg });
    const exports = instance.exports as unknown as { __wbindgen_start(): void };
    bg.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    return bg;
  })();
  return bindings;
}

/** The schema file an engine is created with: the dialect's datamodel, under a stable path. */
export interface EngineSchema {
  readonly path: string;
  readonly content: string;
}

/**
 * Runs `work` with a schema engine for `schema`, talking to the database behind
 * `adapterFactory`; without a factory the engine gets an offline stand-in, enough for pure
 * schema diffs. Afterwards the engine is freed and every connection it opened is closed: freeing
 * the engine alone leaves them open, and an open SQLite handle keeps the file locked.
 */
export async function withSchemaEngine<T>(
  dialect: Dialect,
  schema: EngineSchema,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory | undefined,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const bg = await loadBindings();
  const factory = adapterFactory ?? offlineAdapterFactory(dialect);
  const opened: SqlDriverAdapter[] = [];
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => remember(opened, await factory.connect()),
    connectToShadowDb: async () => remember(opened, await factory.connectToShadowDb()),
  };
  // The engine reports progress through this callback; the commands print their own summary.
  const ignoreLogs = () => {};
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    ignoreLogs,
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  try {
    return await work(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose()));
  }
}

function remember(opened: SqlDriverAdapter[], adapter: SqlDriverAdapter): SqlDriverAdapter {
  opened.push(adapter);
  return adapter;
}

/** No external tables or enums: Quiver's migrations own the whole schema. */
export const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };
