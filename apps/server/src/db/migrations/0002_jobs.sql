CREATE TABLE "job_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_metrics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"cost_function_call" integer NOT NULL,
	"energy" double precision NOT NULL,
	"error" double precision,
	"num_states" integer NOT NULL,
	"timestamp" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_arn" text NOT NULL,
	"job_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"backend" text NOT NULL,
	"status" text NOT NULL,
	"device" text NOT NULL,
	"hyperparameters" jsonb NOT NULL,
	"instance_config" jsonb,
	"output_data_config" jsonb,
	"tags" jsonb NOT NULL,
	"permission_source" jsonb NOT NULL,
	"role_arn" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "jobs_job_arn_unique" UNIQUE("job_arn")
);
--> statement-breakpoint
ALTER TABLE "job_logs" ADD CONSTRAINT "job_logs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_metrics" ADD CONSTRAINT "job_metrics_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_logs_job_idx" ON "job_logs" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "job_metrics_job_idx" ON "job_metrics" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "jobs_owner_page_idx" ON "jobs" USING btree ("user_id","kind","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "jobs_queue_idx" ON "jobs" USING btree ("backend","status","created_at");