-- AlterTable
ALTER TABLE "personas" ADD COLUMN     "expose_as_search" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "call_logs" ADD COLUMN     "via_search" BOOLEAN NOT NULL DEFAULT false;
