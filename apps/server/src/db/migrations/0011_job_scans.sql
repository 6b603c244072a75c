-- Bond scans (issue 11 §3): the jobs one create made from several bond lengths share a scan id and name. A job
-- created alone has neither; the check keeps the two together.
ALTER TABLE "jobs" ADD COLUMN "scan_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "scan_name" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_scan_named" CHECK (("scan_id" IS NULL) = ("scan_name" IS NULL));--> statement-breakpoint
-- Serves reading and cancelling a scan: its few jobs (a small index: only jobs of a scan).
CREATE INDEX "jobs_scan_idx" ON "jobs" USING btree ("scan_id") WHERE "scan_id" IS NOT NULL;
