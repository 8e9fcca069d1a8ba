import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Dialect } from "../../lib/db/database-url";
import { MIGRATIONS_DIRS, SOURCE_SCHEMA_PATH } from "../../lib/db/migrations/dialect-schemas";
import { latestSnapshot, MIGRATION_FILE, migrationNames } from "../../lib/db/migrations/migrations-folder";
import { createMigration, migrationTimestamp, normaliseMigrationName } from "./new-migration";

describe("normaliseMigrationName", () => {
  it.each([
    { raw: "init", expected: "init" },
    { raw: " Add Tool Owner ", expected: "add_tool_owner" },
    { raw: "add-tool--owner!", expected: "add_tool_owner" },
  ])("turns $raw into $expected", ({ raw, expected }) => {
    expect(normaliseMigrationName(raw)).toBe(expected);
  });

  it.each(["", "  ", "!!!"])("refuses %j", (raw) => {
    expect(() => normaliseMigrationName(raw)).toThrow(/Name the migration/);
  });
});

it("formats the timestamp as prisma migrate dev does", () => {
  expect(migrationTimestamp(new Date("2026-03-04T05:06:07.890Z"))).toBe("20260304050607");
});

describe("createMigration (on a scratch copy of the migrations)", () => {
  let scratch = "";
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  function copyFolders(): Record<Dialect, string> {
    scratch = mkdtempSync(path.join(tmpdir(), "quiver-new-migration-"));
    const dirs = { sqlite: path.join(scratch, "sqlite"), postgresql: path.join(scratch, "postgresql") };
    cpSync(MIGRATIONS_DIRS.sqlite, dirs.sqlite, { recursive: true });
    cpSync(MIGRATIONS_DIRS.postgresql, dirs.postgresql, { recursive: true });
    return dirs;
  }

  it("writes nothing when the schema has not changed", async () => {
    const dirs = copyFolders();
    expect(await createMigration("nothing", { migrationsDirs: dirs })).toBeNull();
    expect(migrationNames("sqlite", dirs.sqlite)).toEqual(migrationNames("sqlite"));
  });

  it("writes the SQL of a schema change for both dialects, then nothing more", async () => {
    const dirs = copyFolders();
    const changed = readFileSync(SOURCE_SCHEMA_PATH, "utf8").replace(
      /(model Tool \{\n)/,
      "$1  owner       String?        @map(\"owner_email\")\n",
    );
    const now = new Date("2099-01-02T03:04:05Z");
    const folder = await createMigration("Add tool owner", { migrationsDirs: dirs, sourceSchema: changed, now });
    expect(folder).toBe("20990102030405_add_tool_owner");
    for (const dialect of ["sqlite", "postgresql"] as const) {
      expect(migrationNames(dialect, dirs[dialect]).at(-1)).toBe(folder);
      const sql = readFileSync(path.join(dirs[dialect], folder!, MIGRATION_FILE), "utf8");
      expect(sql).toMatch(/ALTER TABLE "tools" ADD COLUMN\s+"owner_email" TEXT/);
      expect(latestSnapshot(dialect, dirs[dialect])).toContain('@map("owner_email")');
    }
    expect(await createMigration("again", { migrationsDirs: dirs, sourceSchema: changed })).toBeNull();
  });
});
