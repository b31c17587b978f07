CREATE TABLE "checkout_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_key" text NOT NULL,
	"payment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"code_id" uuid,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"order" jsonb,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_holds_live_attempt" ON "checkout_holds" USING btree ("attempt_key") WHERE "checkout_holds"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_holds_payment_method" ON "checkout_holds" USING btree ("payment_method_id") WHERE "checkout_holds"."status" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_holds_code_once_per_customer" ON "checkout_holds" USING btree ("code_id","user_id") WHERE "checkout_holds"."once_per_customer" and "checkout_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "checkout_holds_expiry" ON "checkout_holds" USING btree ("expires_at") WHERE "checkout_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "checkout_holds_user_idx" ON "checkout_holds" USING btree ("user_id");