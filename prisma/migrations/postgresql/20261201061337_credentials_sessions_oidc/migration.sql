-- AlterTable
ALTER TABLE "users" ADD COLUMN     "oidc_issuer" TEXT,
ADD COLUMN     "oidc_subject" TEXT,
ADD COLUMN     "sessions_valid_after" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "tools" ADD COLUMN     "credential_id" TEXT;

-- CreateTable
CREATE TABLE "credentials" (
    "id" TEXT NOT NULL,
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
    "last_used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "updated_by" TEXT NOT NULL,

    CONSTRAINT "credentials_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credentials_name_key" ON "credentials"("name");

-- CreateIndex
CREATE UNIQUE INDEX "users_oidc_issuer_oidc_subject_key" ON "users"("oidc_issuer", "oidc_subject");

-- CreateIndex
CREATE INDEX "tools_credential_id_idx" ON "tools"("credential_id");

-- AddForeignKey
ALTER TABLE "tools" ADD CONSTRAINT "tools_credential_id_fkey" FOREIGN KEY ("credential_id") REFERENCES "credentials"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
