CREATE TABLE "drop_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drop_id" uuid NOT NULL,
	"user_id" text,
	"email" text,
	"size" text NOT NULL,
	"delivery_address" jsonb,
	"address_key" text,
	"shipping_method" text,
	"payment_method_id" text,
	"card_fingerprint" text,
	"card_last4" text,
	"outcome" text DEFAULT 'entered' NOT NULL,
	"order_id" uuid,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drop_sizes" (
	"drop_id" uuid NOT NULL,
	"size" text NOT NULL,
	"pairs" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "drop_sizes_drop_id_size_pk" PRIMARY KEY("drop_id","size"),
	CONSTRAINT "drop_sizes_pairs" CHECK ("drop_sizes"."pairs" > 0 AND "drop_sizes"."sold" >= 0 AND "drop_sizes"."sold" <= "drop_sizes"."pairs")
);
--> statement-breakpoint
CREATE TABLE "drops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shoe_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"commitment" text NOT NULL,
	"seed" text NOT NULL,
	"admit_per_minute" integer DEFAULT 60 NOT NULL,
	"minutes_to_pay" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"drawn_at" timestamp with time zone,
	"draw_job_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drops_window" CHECK ("drops"."closes_at" > "drops"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "drop_entries" ADD CONSTRAINT "drop_entries_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_entries" ADD CONSTRAINT "drop_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_sizes" ADD CONSTRAINT "drop_sizes_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_shoe_id_shoes_id_fk" FOREIGN KEY ("shoe_id") REFERENCES "public"."shoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entries_email" ON "drop_entries" USING btree ("drop_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entries_user" ON "drop_entries" USING btree ("drop_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entries_card" ON "drop_entries" USING btree ("drop_id","card_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entries_address" ON "drop_entries" USING btree ("drop_id","address_key");--> statement-breakpoint
CREATE INDEX "drop_entries_user_id" ON "drop_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "drops_shoe" ON "drops" USING btree ("shoe_id");--> statement-breakpoint
CREATE INDEX "drops_opens_at" ON "drops" USING btree ("opens_at");