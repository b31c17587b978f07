-- A list filtered by colour or by brand with few matches is read from these and sorted (catalog
-- repository, "sortAtMost"): they carry what the filters test and the sorts order by, so the page's
-- ids come from an index-only read instead of a heap page per match (docs/performance.md, "The
-- filtered page"). Same names and keys as before; schema.ts cannot spell INCLUDE.
DROP INDEX "shoes_color_lower_idx";--> statement-breakpoint
CREATE INDEX "shoes_color_lower_idx" ON "shoes" USING btree (lower("color"))
  INCLUDE ("color", "sizes_in_stock", "on_sale", "brand_id", "price_cents", "created_at", "units_sold", "name", "id");--> statement-breakpoint
DROP INDEX "shoes_brand_idx";--> statement-breakpoint
CREATE INDEX "shoes_brand_idx" ON "shoes" USING btree ("brand_id")
  INCLUDE ("color", "sizes_in_stock", "on_sale", "price_cents", "created_at", "units_sold", "name", "id");
