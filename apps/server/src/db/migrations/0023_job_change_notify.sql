-- Issue 27: every API process keeps pages of the job list until a job of their owner changes; this trigger
-- tells all of them, at commit, whose jobs changed (the payload is the owner's id). A runner's heartbeat moves
-- only lease_expires_at, which no page shows, so it tells nobody.
CREATE FUNCTION "notify_job_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('job_change', (CASE TG_OP WHEN 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM pg_notify('job_change', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify_insert_delete" AFTER INSERT OR DELETE ON "jobs" FOR EACH ROW EXECUTE FUNCTION "notify_job_change"();--> statement-breakpoint
CREATE TRIGGER "jobs_notify_update" AFTER UPDATE ON "jobs" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'lease_expires_at') IS DISTINCT FROM (to_jsonb(NEW) - 'lease_expires_at'))
  EXECUTE FUNCTION "notify_job_change"();
