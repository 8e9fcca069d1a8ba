-- CreateTable
CREATE TABLE "oauth_records" (
    "kind" TEXT NOT NULL,
    "id_hash" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "grant_id" TEXT,
    "session_uid" TEXT,
    "client_id" TEXT,
    "account_id" TEXT,
    "expires_at" DATETIME,
    "consumed_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("kind", "id_hash")
);

-- CreateIndex
CREATE INDEX "oauth_records_grant_id_idx" ON "oauth_records"("grant_id");

-- CreateIndex
CREATE INDEX "oauth_records_session_uid_idx" ON "oauth_records"("session_uid");

-- CreateIndex
CREATE INDEX "oauth_records_client_id_idx" ON "oauth_records"("client_id");

-- CreateIndex
CREATE INDEX "oauth_records_expires_at_idx" ON "oauth_records"("expires_at");
