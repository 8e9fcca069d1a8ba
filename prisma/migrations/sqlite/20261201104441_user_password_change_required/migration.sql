-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sessions_valid_after" DATETIME,
    "oidc_issuer" TEXT,
    "oidc_subject" TEXT,
    "password_change_required" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_users" ("active", "created_at", "email", "id", "name", "oidc_issuer", "oidc_subject", "password_hash", "role", "sessions_valid_after", "updated_at") SELECT "active", "created_at", "email", "id", "name", "oidc_issuer", "oidc_subject", "password_hash", "role", "sessions_valid_after", "updated_at" FROM "users";
DROP TABLE "users";
ALTER TABLE "new_users" RENAME TO "users";
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE UNIQUE INDEX "users_oidc_issuer_oidc_subject_key" ON "users"("oidc_issuer", "oidc_subject");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
