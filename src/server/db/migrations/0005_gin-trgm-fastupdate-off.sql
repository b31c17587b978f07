DROP INDEX "shoes_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "shoes_name_trgm_idx" ON "shoes" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);