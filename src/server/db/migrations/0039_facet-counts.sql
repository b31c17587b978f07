CREATE TABLE "shoe_facet_counts" (
	"brand_id" uuid NOT NULL,
	"color" text NOT NULL,
	"sizes_in_stock" integer NOT NULL,
	"on_sale" boolean NOT NULL,
	"shoes" integer NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shoe_facet_counts_key_idx" ON "shoe_facet_counts" USING btree ("brand_id","color","sizes_in_stock","on_sale");--> statement-breakpoint
CREATE INDEX "shoe_facet_counts_unfolded_idx" ON "shoe_facet_counts" USING btree ("brand_id","color","sizes_in_stock","on_sale") WHERE NOT "shoe_facet_counts"."folded";--> statement-breakpoint
-- What a statement on shoes changed, as rows of shoe_facet_counts: +n under each key shoes came to, -n
-- under each key they left (docs/decisions/035). Statement-level, from the transition tables: a bulk
-- write adds one row per key, not one per shoe. Only inserts: no row is locked, so writers never wait
-- for each other or deadlock here, whatever order they change shoes in.
CREATE FUNCTION shoe_facet_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shoe_facet_counts (brand_id, color, sizes_in_stock, on_sale, shoes)
    SELECT brand_id, color, sizes_in_stock, on_sale, count(*) FROM new_rows GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shoe_facet_counts (brand_id, color, sizes_in_stock, on_sale, shoes)
    SELECT brand_id, color, sizes_in_stock, on_sale, -count(*) FROM old_rows GROUP BY 1, 2, 3, 4;
  ELSE
    -- Most updates of a shoe (pairs sold, its version, its name) leave its keys as they were: nothing.
    INSERT INTO shoe_facet_counts (brand_id, color, sizes_in_stock, on_sale, shoes)
    SELECT brand_id, color, sizes_in_stock, on_sale, sum(n)
      FROM (SELECT moved.*
              FROM old_rows o JOIN new_rows s ON s.id = o.id,
                   LATERAL (VALUES (o.brand_id, o.color, o.sizes_in_stock, o.on_sale, -1),
                                   (s.brand_id, s.color, s.sizes_in_stock, s.on_sale, 1))
                     AS moved (brand_id, color, sizes_in_stock, on_sale, n)
             WHERE (o.brand_id, o.color, o.sizes_in_stock, o.on_sale)
                   IS DISTINCT FROM (s.brand_id, s.color, s.sizes_in_stock, s.on_sale)) AS changes
     GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER shoes_facet_counts_insert AFTER INSERT ON shoes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shoe_facet_counts_follow();--> statement-breakpoint
CREATE TRIGGER shoes_facet_counts_update AFTER UPDATE ON shoes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shoe_facet_counts_follow();--> statement-breakpoint
CREATE TRIGGER shoes_facet_counts_delete AFTER DELETE ON shoes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shoe_facet_counts_follow();--> statement-breakpoint
-- TRUNCATE fires no delete trigger: the counts go with the shoes.
CREATE FUNCTION shoe_facet_counts_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shoe_facet_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER shoes_facet_counts_truncate AFTER TRUNCATE ON shoes
  FOR EACH STATEMENT EXECUTE FUNCTION shoe_facet_counts_empty();--> statement-breakpoint
INSERT INTO shoe_facet_counts (brand_id, color, sizes_in_stock, on_sale, shoes, folded)
SELECT brand_id, color, sizes_in_stock, on_sale, count(*), true FROM shoes GROUP BY 1, 2, 3, 4;
