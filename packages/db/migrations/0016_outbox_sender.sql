-- The From name (the shop's name when the email was queued) and Reply-To (the shop's email on a customer's email) of each outgoing email; empty: MAIL_FROM's name, and no Reply-To.
ALTER TABLE "outbox" ADD COLUMN "from_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reply_to" text DEFAULT '' NOT NULL;