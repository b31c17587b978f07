CREATE TABLE "two_factor_used_codes" (
	"user_id" text NOT NULL,
	"code_digest" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "two_factor_used_codes_user_id_code_digest_pk" PRIMARY KEY("user_id","code_digest")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "buyer_message" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_amount_positive";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_amount_not_negative" CHECK ("order_refunds"."amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "two_factor_used_codes" ADD CONSTRAINT "two_factor_used_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_used_codes_expiry_idx" ON "two_factor_used_codes" USING btree ("expires_at");--> statement-breakpoint
-- Orders received before this migration: their first Received is the one known.
UPDATE "orders" SET "first_received_at" = "received_at" WHERE "received_at" IS NOT NULL;
