-- Runs of a job lost with their runner (its lease ran out: the process died or stalled). Counted apart from
-- attempts, which count only the job's own runs, so that losing workers does not use up a job's attempts.
ALTER TABLE "jobs" ADD COLUMN "lost_runs" integer DEFAULT 0 NOT NULL;
