CREATE TABLE "shoe_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shoe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image" text NOT NULL,
	"alt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shoe_images_position_range" CHECK ("shoe_images"."position" >= 0 AND "shoe_images"."position" < 8)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "stock_entries" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A size given no SKU gets one: SN-, the shoe id's first 12 hex digits, the size in tenths on three
-- digits (SN-3F2A9C1B44D0-095 is size 9.5). Here for every writer alike (the stock writer, an import,
-- the demo seed), and for the sizes that existed before SKUs.
CREATE FUNCTION generated_sku(shoe_id uuid, size text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'SN-' || upper(substr(replace(shoe_id::text, '-', ''), 1, 12)) || '-' || lpad(round(size::numeric * 10)::text, 3, '0')
$$;--> statement-breakpoint
CREATE FUNCTION stock_entries_fill_sku() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NULL OR NEW.sku = '' THEN
    NEW.sku := generated_sku(NEW.shoe_id, NEW.size);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER stock_entries_fill_sku BEFORE INSERT OR UPDATE OF sku ON stock_entries
  FOR EACH ROW EXECUTE FUNCTION stock_entries_fill_sku();--> statement-breakpoint
UPDATE "stock_entries" SET "sku" = generated_sku("shoe_id", "size");--> statement-breakpoint
ALTER TABLE "stock_entries" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "shoe_images" ADD CONSTRAINT "shoe_images_shoe_id_shoes_id_fk" FOREIGN KEY ("shoe_id") REFERENCES "public"."shoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shoe_images_shoe_position_idx" ON "shoe_images" USING btree ("shoe_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_entries_sku_lower_unique" ON "stock_entries" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "stock_entries_gtin_unique" ON "stock_entries" USING btree ("gtin");--> statement-breakpoint
-- Every shoe's gallery starts as its one picture, the cover, described by the shoe's name.
INSERT INTO "shoe_images" ("shoe_id", "position", "image", "alt") SELECT "id", 0, "image", "name" FROM "shoes";--> statement-breakpoint
-- Past order lines name the size's code as it is now (the generated one: nothing else existed).
UPDATE "order_lines" SET "sku" = "stock_entries"."sku" FROM "stock_entries" WHERE "stock_entries"."shoe_id" = "order_lines"."shoe_id" AND "stock_entries"."size" = "order_lines"."size";
