import "server-only";
/**
 * The SQL behind the tool list: the WHERE clause of its filters and the ORDER BY of its sorts, in
 * each dialect. Raw SQL because Prisma's query API has neither a case-insensitive match both
 * dialects answer alike (see search-pattern.ts) nor a JSON-list membership test on SQLite. Every
 * value is a bound parameter; only fixed fragments are spliced in.
 */
import type { Dialect } from "../db/database-url";
import { Prisma, type Db } from "../db/client";
import { postgresRegex, searchCharacters, sqliteGlob } from "../db/search-pattern";

/** What the list can be narrowed to; every filter given must hold. */
export interface ToolListFilters {
  /** Occurs in the name or the description, ignoring case (see search-pattern.ts). Blank: no search. */
  readonly search?: string;
  /** Exactly this group. */
  readonly group?: string;
  /** Carries this tag (compared lower-case, as tags are stored). */
  readonly tag?: string;
  /** This HTTP method (any case). */
  readonly method?: string;
  readonly sideEffect?: boolean;
}

/** By name (A–Z), or most recently updated first with ties by name. */
export type ToolSort = "name" | "updated";

/** The columns of a ToolSummary, under its field names (tags still JSON text). */
export const TOOL_SUMMARY_COLUMNS = Prisma.sql`"name", "description", "tool_group" AS "group", "tags", "method",
  "side_effect" AS "sideEffect", "version", "created_at" AS "createdAt", "updated_at" AS "updatedAt", "updated_by" AS "updatedBy"`;

/**
 * The dialect `db` speaks. A client does not say so through its public API; its provider is the
 * one it was generated for (lib/db/client.ts picks the generated client by DATABASE_URL).
 */
export function dialectOfClient(db: Db): Dialect {
  return (db as unknown as { _activeProvider: string })._activeProvider === "postgresql" ? "postgresql" : "sqlite";
}

/** `WHERE …` for `filters`, or nothing when none applies. */
export function toolListWhere(filters: ToolListFilters, dialect: Dialect): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  const search = searchCharacters(filters.search);
  if (search) {
    conditions.push(
      dialect === "sqlite"
        ? Prisma.sql`("name" GLOB ${sqliteGlob(search)} OR "description" GLOB ${sqliteGlob(search)})`
        : Prisma.sql`("name" ~ ${postgresRegex(search)} OR "description" ~ ${postgresRegex(search)})`,
    );
  }
  const group = filters.group?.trim();
  if (group) conditions.push(Prisma.sql`"tool_group" = ${group}`);
  const tag = filters.tag?.trim().toLowerCase();
  if (tag) {
    // `tags` holds a JSON list of strings (json-columns.ts): an exact element, never a substring.
    conditions.push(
      dialect === "sqlite"
        ? Prisma.sql`EXISTS (SELECT 1 FROM json_each("tools"."tags") WHERE json_each."value" = ${tag})`
        : Prisma.sql`"tags"::jsonb @> jsonb_build_array(${tag}::text)`,
    );
  }
  const method = filters.method?.trim().toUpperCase();
  if (method) conditions.push(Prisma.sql`"method" = ${method}`);
  if (filters.sideEffect !== undefined) conditions.push(filters.sideEffect ? Prisma.sql`"side_effect"` : Prisma.sql`NOT "side_effect"`);
  return conditions.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}

/**
 * `ORDER BY …` for `sort`. Names compare by code point in both dialects (PostgreSQL's default
 * collation could otherwise skip the underscores of tool names); `updated_at` is a timestamp on
 * PostgreSQL and fixed-format ISO text on SQLite, which sorts the same.
 */
export function toolListOrder(sort: ToolSort, dialect: Dialect): Prisma.Sql {
  const name = dialect === "sqlite" ? Prisma.sql`"name"` : Prisma.sql`"name" COLLATE "C"`;
  return sort === "updated" ? Prisma.sql`ORDER BY "updated_at" DESC, ${name}` : Prisma.sql`ORDER BY ${name}`;
}
