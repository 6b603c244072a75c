-- Consent in organizations (issue 24): a transfer of ownership is a request the target accepts or declines,
-- and an invitee signed in to the console may decline an invitation (status 'rejected').
CREATE TABLE "ownership_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One pending request per organization, whatever the code does under concurrency.
CREATE UNIQUE INDEX "ownership_transfers_one_pending_idx" ON "ownership_transfers" USING btree ("org_id") WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX "ownership_transfers_to_idx" ON "ownership_transfers" USING btree ("to_user_id");
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "rejected_at" timestamp with time zone;
