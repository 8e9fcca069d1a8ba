-- DropIndex
DROP INDEX "tool_secrets_tool_id_header_key";

-- AlterTable
ALTER TABLE "tool_secrets" ADD COLUMN     "location" TEXT NOT NULL DEFAULT 'header';

-- CreateIndex
CREATE UNIQUE INDEX "tool_secrets_tool_id_location_header_key" ON "tool_secrets"("tool_id", "location", "header");
