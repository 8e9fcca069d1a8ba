import path from "node:path";
import { describe, expect, it } from "vitest";
import { configuredDatabaseUrl, DEFAULT_DATABASE_URL, dialectOf, postgresTarget, sqliteFilePath } from "./database-url";

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
