-- AlterTable
ALTER TABLE "users" ADD COLUMN "oidc_issuer" TEXT;
ALTER TABLE "users" ADD COLUMN "oidc_subject" TEXT;
ALTER TABLE "users" ADD COLUMN "sessions_valid_after" DATETIME;

-- CreateTable
CREATE TABLE "credentials" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "config" TEXT NOT NULL,
    "hosts" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "key_id" TEXT,
    "ciphertext" TEXT,
    "mask" TEXT,
    "aad_version" INTEGER NOT NULL DEFAULT 1,
    "last_used_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "updated_by" TEXT NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_tools" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "tool_group" TEXT,
    "tags" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "side_effect" BOOLEAN NOT NULL,
    "version" INTEGER NOT NULL,
    "definition" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "updated_by" TEXT NOT NULL,
    "credential_id" TEXT,
    CONSTRAINT "tools_credential_id_fkey" FOREIGN KEY ("credential_id") REFERENCES "credentials" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_tools" ("created_at", "definition", "description", "id", "method", "name", "side_effect", "tags", "tool_group", "updated_at", "updated_by", "version") SELECT "created_at", "definition", "description", "id", "method", "name", "side_effect", "tags", "tool_group", "updated_at", "updated_by", "version" FROM "tools";
DROP TABLE "tools";
ALTER TABLE "new_tools" RENAME TO "tools";
CREATE UNIQUE INDEX "tools_name_key" ON "tools"("name");
CREATE INDEX "tools_tool_group_idx" ON "tools"("tool_group");
CREATE INDEX "tools_credential_id_idx" ON "tools"("credential_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "credentials_name_key" ON "credentials"("name");

-- CreateIndex
CREATE UNIQUE INDEX "users_oidc_issuer_oidc_subject_key" ON "users"("oidc_issuer", "oidc_subject");
