-- The change counter (issue 23) is SQLite's: there, triggers count the writes to what the agents'
-- door keeps in memory. PostgreSQL announces the same writes by NOTIFY (migration
-- 20261202130000_change_events), and the table exists here only so both dialects share one schema.
-- CreateTable
CREATE TABLE "change_counter" (
    "id" INTEGER NOT NULL,
    "changes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "change_counter_pkey" PRIMARY KEY ("id")
);
