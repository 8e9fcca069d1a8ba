-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_personas" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "parent_id" TEXT,
    "grant" TEXT,
    "disabled_tools" TEXT NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 1,
    "log_call_payloads" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "expose_as_search" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "personas_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "personas" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_personas" ("created_at", "description", "disabled_tools", "grant", "id", "log_call_payloads", "name", "parent_id", "slug", "updated_at", "version") SELECT "created_at", "description", "disabled_tools", "grant", "id", "log_call_payloads", "name", "parent_id", "slug", "updated_at", "version" FROM "personas";
DROP TABLE "personas";
ALTER TABLE "new_personas" RENAME TO "personas";
CREATE UNIQUE INDEX "personas_slug_key" ON "personas"("slug");
CREATE TABLE "new_call_logs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "api_key_id" TEXT,
    "api_key_name" TEXT NOT NULL,
    "persona_slug" TEXT NOT NULL,
    "tool_name" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "error_type" TEXT,
    "http_status" INTEGER NOT NULL,
    "duration_ms" REAL NOT NULL,
    "arguments" TEXT,
    "result" TEXT,
    "via_search" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_call_logs" ("api_key_id", "api_key_name", "arguments", "channel", "created_at", "duration_ms", "error_type", "http_status", "id", "outcome", "persona_slug", "result", "tool_name") SELECT "api_key_id", "api_key_name", "arguments", "channel", "created_at", "duration_ms", "error_type", "http_status", "id", "outcome", "persona_slug", "result", "tool_name" FROM "call_logs";
DROP TABLE "call_logs";
ALTER TABLE "new_call_logs" RENAME TO "call_logs";
CREATE INDEX "call_logs_created_at_idx" ON "call_logs"("created_at");
CREATE INDEX "call_logs_persona_slug_created_at_idx" ON "call_logs"("persona_slug", "created_at");
CREATE INDEX "call_logs_tool_name_created_at_idx" ON "call_logs"("tool_name", "created_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
