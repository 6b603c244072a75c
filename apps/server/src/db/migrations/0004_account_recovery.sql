ALTER TABLE "confirmation_codes" ADD COLUMN "purpose" text DEFAULT 'confirm_email' NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmation_codes" ALTER COLUMN "purpose" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "confirmation_codes" DROP CONSTRAINT "confirmation_codes_pkey";--> statement-breakpoint
ALTER TABLE "confirmation_codes" ADD CONSTRAINT "confirmation_codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose");
