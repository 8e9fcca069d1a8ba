-- Change events between instances (issue 23): every committed write to what the agents' door
-- keeps in memory announces itself on channel quiver_changes, its payload the table's schema and
-- the write's time in epoch milliseconds (for the change-event lag metric), so every instance
-- listening on the same database drops what it remembered (lib/db/change-signal.ts).
-- Statement-level: one notification per statement, however many rows, all sent at commit.
-- The body spells its semicolons \073: the driver adapter that applies migrations splits a script
-- at every semicolon, quotes or not.
CREATE FUNCTION "quiver_announce_change"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN PERFORM pg_notify(''quiver_changes'', TG_TABLE_SCHEMA || '' '' || floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint::text)\073 RETURN NULL\073 END';

CREATE TRIGGER "tools_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "quiver_announce_change"();
CREATE TRIGGER "tool_secrets_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tool_secrets" FOR EACH STATEMENT EXECUTE FUNCTION "quiver_announce_change"();
CREATE TRIGGER "credentials_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "credentials" FOR EACH STATEMENT EXECUTE FUNCTION "quiver_announce_change"();
CREATE TRIGGER "personas_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "personas" FOR EACH STATEMENT EXECUTE FUNCTION "quiver_announce_change"();
CREATE TRIGGER "api_keys_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "quiver_announce_change"();
CREATE TRIGGER "api_key_personas_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_key_personas" FOR EACH STATEMENT EXECUTE FUNCTION "quiver_announce_change"();
