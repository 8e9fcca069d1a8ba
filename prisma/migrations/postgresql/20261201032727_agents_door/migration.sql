-- AlterTable
ALTER TABLE "personas" ADD COLUMN     "log_call_payloads" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "expires_at" TIMESTAMP(3),
ADD COLUMN     "last_used_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "call_logs" (
    "id" SERIAL NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "api_key_id" TEXT,
    "api_key_name" TEXT NOT NULL,
    "persona_slug" TEXT NOT NULL,
    "tool_name" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "error_type" TEXT,
    "http_status" INTEGER NOT NULL,
    "duration_ms" DOUBLE PRECISION NOT NULL,
    "arguments" TEXT,
    "result" TEXT,

    CONSTRAINT "call_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "call_logs_created_at_idx" ON "call_logs"("created_at");

-- CreateIndex
CREATE INDEX "call_logs_persona_slug_created_at_idx" ON "call_logs"("persona_slug", "created_at");

-- CreateIndex
CREATE INDEX "call_logs_tool_name_created_at_idx" ON "call_logs"("tool_name", "created_at");
