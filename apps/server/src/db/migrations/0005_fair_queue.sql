CREATE INDEX "jobs_fair_queue_idx" ON "jobs" USING btree ("user_id","created_at") WHERE "jobs"."status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "jobs_user_started_idx" ON "jobs" USING btree ("user_id","started_at") WHERE "jobs"."backend" in ('local', 'iqm');--> statement-breakpoint
CREATE INDEX "jobs_active_idx" ON "jobs" USING btree ("user_id") WHERE "jobs"."status" in ('QUEUED', 'RUNNING', 'CANCELLING');
