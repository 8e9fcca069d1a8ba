-- AlterTable
ALTER TABLE "tool_secrets" ADD COLUMN     "aad_version" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "origin" TEXT;
