-- Every API process caches live sessions for a few seconds; these triggers tell all of them, at commit, which
-- sessions ended and which users changed (role, status, deletion), so none serves a stale answer.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_change', (CASE TG_TABLE_NAME WHEN 'sessions' THEN 's:' ELSE 'u:' END) || OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_change" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_notify_change" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
