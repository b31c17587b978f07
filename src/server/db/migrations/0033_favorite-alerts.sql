CREATE TABLE "favorite_alert_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"shoe_id" uuid,
	"shoe_name" text NOT NULL,
	"event_id" uuid NOT NULL,
	"old_price_cents" integer NOT NULL,
	"new_price_cents" integer NOT NULL,
	"went_on_sale" boolean NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"digest_job_id" uuid,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "seen_price_cents" integer;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "seen_on_sale" boolean;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "run_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "favorite_alert_settings" ADD CONSTRAINT "favorite_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_alerts" ADD CONSTRAINT "favorite_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_alerts" ADD CONSTRAINT "favorite_alerts_shoe_id_shoes_id_fk" FOREIGN KEY ("shoe_id") REFERENCES "public"."shoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_alerts_event_user_shoe" ON "favorite_alerts" USING btree ("event_id","user_id","shoe_id");--> statement-breakpoint
CREATE INDEX "favorite_alerts_user_state" ON "favorite_alerts" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "favorites_shoe_idx" ON "favorites" USING btree ("shoe_id");--> statement-breakpoint
UPDATE "favorites" SET "seen_price_cents" = "shoes"."price_cents", "seen_on_sale" = "shoes"."on_sale" FROM "shoes" WHERE "shoes"."id" = "favorites"."shoe_id";