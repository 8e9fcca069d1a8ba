-- The change counter (issue 23): SQLite's own commit counter (PRAGMA data_version) moves with
-- every commit, the call log's and the rate limits' too, so under load the agents' door re-read
-- keys and catalog several times a second. These triggers count only the writes to what the door
-- keeps in memory — the same tables whose writes PostgreSQL announces by NOTIFY (migration
-- 20261202130000_change_events) — and the door reads the count when data_version moves
-- (lib/db/change-signal.ts).
-- CreateTable
CREATE TABLE "change_counter" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "changes" INTEGER NOT NULL DEFAULT 0
);

INSERT INTO "change_counter" ("id", "changes") VALUES (1, 0);

CREATE TRIGGER "tools_count_insert" AFTER INSERT ON "tools" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "tools_count_update" AFTER UPDATE ON "tools" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "tools_count_delete" AFTER DELETE ON "tools" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "tool_secrets_count_insert" AFTER INSERT ON "tool_secrets" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "tool_secrets_count_update" AFTER UPDATE ON "tool_secrets" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "tool_secrets_count_delete" AFTER DELETE ON "tool_secrets" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "credentials_count_insert" AFTER INSERT ON "credentials" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "credentials_count_update" AFTER UPDATE ON "credentials" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "credentials_count_delete" AFTER DELETE ON "credentials" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "personas_count_insert" AFTER INSERT ON "personas" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "personas_count_update" AFTER UPDATE ON "personas" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "personas_count_delete" AFTER DELETE ON "personas" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "api_keys_count_insert" AFTER INSERT ON "api_keys" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "api_keys_count_update" AFTER UPDATE ON "api_keys" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "api_keys_count_delete" AFTER DELETE ON "api_keys" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "api_key_personas_count_insert" AFTER INSERT ON "api_key_personas" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "api_key_personas_count_update" AFTER UPDATE ON "api_key_personas" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "api_key_personas_count_delete" AFTER DELETE ON "api_key_personas" BEGIN UPDATE "change_counter" SET "changes" = "changes" + 1 WHERE "id" = 1; END;
