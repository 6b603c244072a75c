-- Each computation's full determinant space and the CPU time of the engine's thread (issue 11). Nullable: rows
-- stored before this migration never measured them, and an RHF-only computation has no determinant space.
ALTER TABLE "job_results" ADD COLUMN "full_space_size" bigint;--> statement-breakpoint
ALTER TABLE "job_results" ADD COLUMN "cpu_seconds" double precision;
