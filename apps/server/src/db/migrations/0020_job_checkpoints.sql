-- Issue 26: resumable runs. After each HI-VQE iteration the runner stores the loop's checkpoint (the engine's
-- plain-JSON LoopCheckpoint), one row per computation of the job (a bond scan has several), and each IQM job the
-- run submitted by the sample call's key; a run of the job on another worker after a crash resumes from it and
-- collects those IQM jobs rather than submitting their circuits again. Removed when the job ends.
CREATE TABLE "job_checkpoints" (
	"job_id" uuid NOT NULL,
	"run_index" integer NOT NULL,
	"checkpoint" jsonb,
	"iqm_jobs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_checkpoints_job_id_run_index_pk" PRIMARY KEY("job_id","run_index")
);--> statement-breakpoint
ALTER TABLE "job_checkpoints" ADD CONSTRAINT "job_checkpoints_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE cascade ON UPDATE no action;
