-- Issue 26: where the IQM job a run waits on stands in IQM's queue, for the job monitor. Set by the runner while
-- the IQM job waits (the position null when IQM gives none); both null when it does not wait, and cleared when
-- the run is claimed, ends or is handed back, so a value never outlives the run that wrote it.
ALTER TABLE "jobs" ADD COLUMN "iqm_queue_position" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "iqm_queued_since" timestamp with time zone;
