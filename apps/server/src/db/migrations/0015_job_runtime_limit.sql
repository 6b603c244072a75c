-- A job's time limit (issue 24 §5): max_runtime_s is the limit it was created with (its payload's max_runtime or
-- the operator's JOB_MAX_RUNTIME_DEFAULT_S); null on jobs created before it, which run without one.
-- first_started_at is when a runner first took it: the limit counts from there, so a job queued again after its
-- runner was lost does not start its time afresh.
ALTER TABLE "jobs" ADD COLUMN "max_runtime_s" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "first_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_max_runtime_positive" CHECK ("max_runtime_s" IS NULL OR "max_runtime_s" > 0);--> statement-breakpoint
UPDATE "jobs" SET "first_started_at" = "started_at" WHERE "started_at" IS NOT NULL;
