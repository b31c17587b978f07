ALTER TABLE "mail_outbox" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_key_unique" UNIQUE("key");