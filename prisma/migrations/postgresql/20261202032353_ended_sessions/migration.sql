-- CreateTable
CREATE TABLE "ended_sessions" (
    "session_id" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ended_sessions_pkey" PRIMARY KEY ("session_id")
);

-- CreateIndex
CREATE INDEX "ended_sessions_expires_at_idx" ON "ended_sessions"("expires_at");
