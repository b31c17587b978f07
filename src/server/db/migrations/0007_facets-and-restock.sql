CREATE TABLE "restock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"shoe_id" uuid NOT NULL,
	"size" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_requests_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
DROP INDEX "shoes_price_idx";--> statement-breakpoint
ALTER TABLE "shoes" ADD COLUMN "sizes_in_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shoes" ADD COLUMN "units_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_shoe_id_shoes_id_fk" FOREIGN KEY ("shoe_id") REFERENCES "public"."shoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_requests_email_shoe_size_unique" ON "restock_requests" USING btree (lower("email"),"shoe_id","size");--> statement-breakpoint
CREATE INDEX "restock_requests_shoe_size_idx" ON "restock_requests" USING btree ("shoe_id","size");--> statement-breakpoint
CREATE INDEX "shoes_price_name_id_idx" ON "shoes" USING btree ("price_cents","name","id");--> statement-breakpoint
CREATE INDEX "shoes_newest_idx" ON "shoes" USING btree ("created_at" DESC NULLS LAST,"name","id");--> statement-breakpoint
CREATE INDEX "shoes_best_selling_idx" ON "shoes" USING btree ("units_sold" DESC NULLS LAST,"name","id");--> statement-breakpoint
CREATE INDEX "shoes_color_lower_idx" ON "shoes" USING btree (lower("color"));--> statement-breakpoint
-- The bit of a size of the chart in shoes.sizes_in_stock (domain/size-chart.ts sizeBit); 0 off the chart.
CREATE FUNCTION chart_size_bit(size text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE size WHEN '6' THEN 1 WHEN '6.5' THEN 2 WHEN '7' THEN 4 WHEN '7.5' THEN 8 WHEN '8' THEN 16 WHEN '8.5' THEN 32 WHEN '9' THEN 64 WHEN '9.5' THEN 128 WHEN '10' THEN 256 WHEN '10.5' THEN 512 WHEN '11' THEN 1024 WHEN '11.5' THEN 2048 ELSE 0 END
$$;--> statement-breakpoint
-- The sizes in stock of one shoe, recomputed from its stock entries.
CREATE FUNCTION shoes_sync_sizes_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.shoe_id ELSE NEW.shoe_id END;
BEGIN
  UPDATE shoes SET sizes_in_stock = fresh.mask
    FROM (SELECT coalesce(bit_or(chart_size_bit(e.size)), 0) AS mask
            FROM stock_entries e WHERE e.shoe_id = target AND e.quantity > 0) AS fresh
   WHERE shoes.id = target AND shoes.sizes_in_stock <> fresh.mask;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deferred to the commit, when the transaction's stock rows are all written, and only when a size comes
-- into or goes out of stock. The checkout and the admin forms lock a shoe's row before its stock rows
-- (docs/decisions/009), so this update never waits for a row another transaction holds first.
CREATE CONSTRAINT TRIGGER stock_entries_sizes_in_stock_insert AFTER INSERT ON stock_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.quantity > 0)
  EXECUTE FUNCTION shoes_sync_sizes_in_stock();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_entries_sizes_in_stock_update AFTER UPDATE ON stock_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.quantity > 0) IS DISTINCT FROM (NEW.quantity > 0) OR OLD.size IS DISTINCT FROM NEW.size)
  EXECUTE FUNCTION shoes_sync_sizes_in_stock();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_entries_sizes_in_stock_delete AFTER DELETE ON stock_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.quantity > 0)
  EXECUTE FUNCTION shoes_sync_sizes_in_stock();--> statement-breakpoint
UPDATE shoes SET sizes_in_stock = fresh.mask
  FROM (SELECT shoe_id, bit_or(chart_size_bit(size)) AS mask FROM stock_entries WHERE quantity > 0 GROUP BY shoe_id) AS fresh
 WHERE shoes.id = fresh.shoe_id;--> statement-breakpoint
UPDATE shoes SET units_sold = sold.units
  FROM (SELECT shoe_id, sum(quantity)::int AS units FROM order_lines WHERE shoe_id IS NOT NULL GROUP BY shoe_id) AS sold
 WHERE shoes.id = sold.shoe_id;