DROP INDEX "shoes_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "shoes" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, name || ' ' || color || ' ' || description) || to_tsvector('english'::regconfig, name || ' ' || color || ' ' || description)) STORED;--> statement-breakpoint
CREATE INDEX "shoes_name_color_trgm_idx" ON "shoes" USING gin (("name" || ' ' || "color") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "shoes_search_vector_idx" ON "shoes" USING gin ("search_vector") WITH (fastupdate=false);