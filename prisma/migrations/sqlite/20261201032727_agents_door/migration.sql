-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN "expires_at" DATETIME;
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" DATETIME;

-- CreateTable
CREATE TABLE "call_logs" (
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
    "result" TEXT
);

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
    CONSTRAINT "personas_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "personas" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_personas" ("created_at", "description", "disabled_tools", "grant", "id", "name", "parent_id", "slug", "updated_at", "version") SELECT "created_at", "description", "disabled_tools", "grant", "id", "name", "parent_id", "slug", "updated_at", "version" FROM "personas";
DROP TABLE "personas";
ALTER TABLE "new_personas" RENAME TO "personas";
CREATE UNIQUE INDEX "personas_slug_key" ON "personas"("slug");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "call_logs_created_at_idx" ON "call_logs"("created_at");

-- CreateIndex
CREATE INDEX "call_logs_persona_slug_created_at_idx" ON "call_logs"("persona_slug", "created_at");

-- CreateIndex
CREATE INDEX "call_logs_tool_name_created_at_idx" ON "call_logs"("tool_name", "created_at");
