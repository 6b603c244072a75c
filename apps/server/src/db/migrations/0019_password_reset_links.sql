-- Issue 24 §3, recovery an attacker with many client addresses cannot burn. Each reset mail carries a link with a
-- 256-bit token, stored as its SHA-256 hash: valid an hour from sending, single use, and every link of the user
-- dies with a successful reset. Links are not guessable, so no ceiling applies to them.
CREATE TABLE "password_reset_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "password_reset_links" ADD CONSTRAINT "password_reset_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_links_user_idx" ON "password_reset_links" USING btree ("user_id");--> statement-breakpoint
-- One row per reset code compared, for any address asked about (known or not): the per-account ceiling on
-- guesses (25 an hour, across client addresses and codes) counts them over a sliding window. Kept an hour.
CREATE TABLE "password_reset_guesses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"account" text NOT NULL,
	"guessed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "password_reset_guesses_account_idx" ON "password_reset_guesses" USING btree ("account", "guessed_at");--> statement-breakpoint
CREATE INDEX "password_reset_guesses_guessed_at_idx" ON "password_reset_guesses" USING btree ("guessed_at");
