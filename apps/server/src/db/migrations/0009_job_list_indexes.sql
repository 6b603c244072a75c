-- A user's jobs in each order the list offers, and counted (issue 12). Each index leads with the owner and the kind and ends
-- with the tie-breakers, so the first page in either direction is read straight off the index, whatever the
-- user's job count; created_at already has jobs_owner_page_idx. Names sort without regard to case, so
-- PostgreSQL and PGlite (whose collations differ) agree; status also serves status_filter.
CREATE INDEX "jobs_owner_started_idx" ON "jobs" USING btree ("user_id","kind","started_at","created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_owner_ended_idx" ON "jobs" USING btree ("user_id","kind","ended_at","created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_owner_name_idx" ON "jobs" USING btree ("user_id","kind",lower("job_name"),"created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_owner_status_idx" ON "jobs" USING btree ("user_id","kind","status","created_at","id");
--> statement-breakpoint
-- How many jobs each user has of each kind and status, kept by a trigger, so total_count of a list that is at
-- most filtered by status costs a few rows whatever the user's job count.
CREATE TABLE "job_counts" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"jobs" integer NOT NULL,
	CONSTRAINT "job_counts_user_id_kind_status_pk" PRIMARY KEY("user_id","kind","status")
);
--> statement-breakpoint
INSERT INTO "job_counts" ("user_id", "kind", "status", "jobs")
SELECT "user_id", "kind", "status", count(*) FROM "jobs" GROUP BY "user_id", "kind", "status";
--> statement-breakpoint
-- Takes one job out of its old count and into its new one. The two count rows are locked in status order, so
-- two jobs of one user changing status at once cannot deadlock; a count reaching 0 goes (no row outlives its
-- user's jobs, so no foreign key is needed).
CREATE FUNCTION "job_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.user_id, OLD.kind, OLD.status) IS NOT DISTINCT FROM (NEW.user_id, NEW.kind, NEW.status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.status < OLD.status) THEN
    INSERT INTO job_counts (user_id, kind, status, jobs) VALUES (NEW.user_id, NEW.kind, NEW.status, 1)
      ON CONFLICT (user_id, kind, status) DO UPDATE SET jobs = job_counts.jobs + 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE job_counts SET jobs = jobs - 1 WHERE user_id = OLD.user_id AND kind = OLD.kind AND status = OLD.status;
    DELETE FROM job_counts WHERE user_id = OLD.user_id AND kind = OLD.kind AND status = OLD.status AND jobs = 0;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status >= OLD.status THEN
    INSERT INTO job_counts (user_id, kind, status, jobs) VALUES (NEW.user_id, NEW.kind, NEW.status, 1)
      ON CONFLICT (user_id, kind, status) DO UPDATE SET jobs = job_counts.jobs + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_counted" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "kind", "status" ON "jobs"
FOR EACH ROW EXECUTE FUNCTION "job_counts_follow"();
