-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_tool_secrets" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tool_id" TEXT NOT NULL,
    "location" TEXT NOT NULL DEFAULT 'header',
    "header" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "ciphertext" TEXT NOT NULL,
    "mask" TEXT NOT NULL,
    "origin" TEXT,
    "aad_version" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tool_secrets_tool_id_fkey" FOREIGN KEY ("tool_id") REFERENCES "tools" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_tool_secrets" ("aad_version", "ciphertext", "created_at", "header", "id", "key_id", "mask", "origin", "tool_id") SELECT "aad_version", "ciphertext", "created_at", "header", "id", "key_id", "mask", "origin", "tool_id" FROM "tool_secrets";
DROP TABLE "tool_secrets";
ALTER TABLE "new_tool_secrets" RENAME TO "tool_secrets";
CREATE UNIQUE INDEX "tool_secrets_tool_id_location_header_key" ON "tool_secrets"("tool_id", "location", "header");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
