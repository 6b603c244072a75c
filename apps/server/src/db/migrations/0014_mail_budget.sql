-- Issue 24 §2-3. Every mail a user can cause is counted here, so a budget holds across API processes and
-- restarts: who caused it (an account, or for the unauthenticated routes only a client address), to whom, and
-- which budget it draws on ('account': confirmation and reset codes; 'invitation'). Rows older than the longest
-- window (a day) are deleted as new ones come.
CREATE TABLE "mail_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"sender_id" uuid,
	"client_ip" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "mail_sends_recipient_idx" ON "mail_sends" USING btree ("recipient", "sent_at");--> statement-breakpoint
CREATE INDEX "mail_sends_sender_idx" ON "mail_sends" USING btree ("sender_id", "sent_at") WHERE "sender_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_sends_client_ip_idx" ON "mail_sends" USING btree ("client_ip", "sent_at");--> statement-breakpoint
CREATE INDEX "mail_sends_sent_at_idx" ON "mail_sends" USING btree ("sent_at");--> statement-breakpoint
-- A code belongs to the client address that asked for it: guesses from elsewhere never touch it, so nobody can
-- burn the code another client is about to receive. A code stored before this belongs to no address ('') and so
-- stops working: its owner asks for a new one.
ALTER TABLE "confirmation_codes" ADD COLUMN "requester" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmation_codes" DROP CONSTRAINT "confirmation_codes_user_id_purpose_pk";--> statement-breakpoint
ALTER TABLE "confirmation_codes" ADD CONSTRAINT "confirmation_codes_user_id_purpose_requester_pk" PRIMARY KEY("user_id","purpose","requester");
