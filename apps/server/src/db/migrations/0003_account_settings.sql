CREATE TABLE "marketplace_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_identifier" text NOT NULL,
	"customer_aws_account_id" text NOT NULL,
	"product_code" text NOT NULL,
	"license_arn" text,
	"user_id" uuid,
	"status" text NOT NULL,
	"verified_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"registered_at" timestamp with time zone NOT NULL,
	"linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aws_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"region" text NOT NULL,
	"external_id_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iqm_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"api_key_sealed" text NOT NULL,
	"api_key_last10" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_mappings" ADD CONSTRAINT "marketplace_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aws_settings" ADD CONSTRAINT "aws_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iqm_settings" ADD CONSTRAINT "iqm_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_mappings_customer_idx" ON "marketplace_mappings" USING btree ("customer_identifier","product_code");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_mappings_user_idx" ON "marketplace_mappings" USING btree ("user_id");