import { chmodSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configuredDatabaseUrl, DEFAULT_DATABASE_URL, dialectOf, postgresTarget, prepareSqliteFile, sqliteFilePath } from "./database-url";

describe("configuredDatabaseUrl", () => {
  it.each([
    { env: {}, expected: DEFAULT_DATABASE_URL },
    { env: { DATABASE_URL: "   " }, expected: DEFAULT_DATABASE_URL },
    { env: { DATABASE_URL: " postgresql://db/quiver " }, expected: "postgresql://db/quiver" },
  ])("reads $env", ({ env, expected }) => {
    expect(configuredDatabaseUrl(env)).toBe(expected);
  });
});

describe("dialectOf", () => {
  it.each([
    { url: "file:./data/quiver.db", dialect: "sqlite" },
    { url: "file:/var/lib/quiver.db", dialect: "sqlite" },
    { url: "postgresql://user:pw@db:5432/quiver", dialect: "postgresql" },
    { url: "postgres://db/quiver?schema=app", dialect: "postgresql" },
  ])("$url is $dialect", ({ url, dialect }) => {
    expect(dialectOf(url)).toBe(dialect);
  });

  it.each(["mysql://db/quiver", "./data/quiver.db", "sqlite:quiver.db", ""])("refuses %j with the accepted forms", (url) => {
    expect(() => dialectOf(url)).toThrow(/file:\.\/data\/quiver\.db.*postgresql:\/\//);
  });
});

describe("sqliteFilePath", () => {
  it.each([
    { url: "file:./data/quiver.db", expected: path.join("/srv/quiver", "data/quiver.db") },
    { url: "file:data/quiver.db", expected: path.join("/srv/quiver", "data/quiver.db") },
    { url: "file:/tmp/q.db?connection_limit=1", expected: "/tmp/q.db" },
  ])("resolves $url against the project root", ({ url, expected }) => {
    expect(sqliteFilePath(url, "/srv/quiver")).toBe(expected);
  });

  it.each(["file:", "file::memory:"])("refuses %j", (url) => {
    expect(() => sqliteFilePath(url, "/srv/quiver")).toThrow(/SQLite file/);
  });
});

describe("postgresTarget", () => {
  it.each([
    { url: "postgresql://u:p@db:5432/quiver", schema: "public", rest: "postgresql://u:p@db:5432/quiver" },
    { url: "postgresql://db/quiver?schema=app&sslmode=require", schema: "app", rest: "postgresql://db/quiver?sslmode=require" },
    { url: "postgres://db/quiver?schema=", schema: "public", rest: "postgres://db/quiver" },
  ])("splits the schema out of $url", ({ url, schema, rest }) => {
    expect(postgresTarget(url)).toEqual({ connectionString: rest, schema });
  });
});

describe("prepareSqliteFile", () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it("creates the folder and an owner-only file (0600)", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "quiver-db-")), "nested/quiver.db");
    prepareSqliteFile(`file:${file}`);
    expect(modeOf(file)).toBe(0o600);
  });

  it("makes an existing, world-readable file owner-only, keeping its bytes", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "quiver-db-")), "quiver.db");
    writeFileSync(file, "existing");
    chmodSync(file, 0o644);
    prepareSqliteFile(`file:${file}`);
    expect(modeOf(file)).toBe(0o600);
    expect(statSync(file).size).toBe("existing".length);
  });
});
