CREATE TABLE "cart_reminder_opt_outs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_reminder_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"second_enabled" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'percent' NOT NULL,
	"value" integer DEFAULT 10 NOT NULL,
	"expiry_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminder_settings_one_row" CHECK ("cart_reminder_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"skipped_reason" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_code" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"recovered_order_id" uuid
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "only_for_user_id" text;--> statement-breakpoint
ALTER TABLE "cart_reminder_opt_outs" ADD CONSTRAINT "cart_reminder_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_cart_number" ON "cart_reminders" USING btree ("cart_id","number");--> statement-breakpoint
CREATE INDEX "cart_reminders_user" ON "cart_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cart_reminders_pending" ON "cart_reminders" USING btree ("claimed_at") WHERE "cart_reminders"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_only_for_user_id_users_id_fk" FOREIGN KEY ("only_for_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_updated_at" ON "carts" USING btree ("updated_at");