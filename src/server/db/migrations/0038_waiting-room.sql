CREATE TABLE "drop_queue" (
	"drop_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"early" boolean NOT NULL,
	"draw_key" text NOT NULL,
	"place" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_queue_drop_id_user_id_pk" PRIMARY KEY("drop_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "queued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "drop_queue" ADD CONSTRAINT "drop_queue_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_queue" ADD CONSTRAINT "drop_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drop_queue_place" ON "drop_queue" USING btree ("drop_id","place");