CREATE TABLE "co_purchase_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co_purchases" (
	"shoe_id" uuid NOT NULL,
	"other_shoe_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "co_purchases_shoe_id_other_shoe_id_pk" PRIMARY KEY("shoe_id","other_shoe_id"),
	CONSTRAINT "co_purchases_not_itself" CHECK ("co_purchases"."shoe_id" <> "co_purchases"."other_shoe_id")
);
--> statement-breakpoint
ALTER TABLE "co_purchases" ADD CONSTRAINT "co_purchases_shoe_id_shoes_id_fk" FOREIGN KEY ("shoe_id") REFERENCES "public"."shoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_purchases" ADD CONSTRAINT "co_purchases_other_shoe_id_shoes_id_fk" FOREIGN KEY ("other_shoe_id") REFERENCES "public"."shoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "co_purchases_shoe_orders_idx" ON "co_purchases" USING btree ("shoe_id","orders" DESC NULLS LAST,"other_shoe_id");--> statement-breakpoint
CREATE INDEX "shoes_brand_price_idx" ON "shoes" USING btree ("brand_id","price_cents");--> statement-breakpoint
CREATE INDEX "shoes_color_lower_price_idx" ON "shoes" USING btree (lower("color"),"price_cents");--> statement-breakpoint
-- Backfill from the orders paid so far (every order is recorded once paid): how many orders held both shoes.
INSERT INTO "co_purchases" ("shoe_id", "other_shoe_id", "orders")
SELECT a."shoe_id", b."shoe_id", count(DISTINCT a."order_id")::int
  FROM "order_lines" a
  JOIN "order_lines" b ON b."order_id" = a."order_id" AND b."shoe_id" <> a."shoe_id"
 WHERE a."shoe_id" IS NOT NULL AND b."shoe_id" IS NOT NULL
 GROUP BY a."shoe_id", b."shoe_id";--> statement-breakpoint
INSERT INTO "co_purchase_orders" ("order_id") SELECT "id" FROM "orders";
