-- Colour joins the search document, so 'white bmw' finds white BMWs through the one text-search condition.
ALTER TABLE "cars" DROP COLUMN "search_document";--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', make || ' ' || model || ' ' || coalesce(exterior_color, '') || ' ' || coalesce(color, '') || ' ' || description || ' ' || autoreel_text_array_to_string(features))) STORED;--> statement-breakpoint
CREATE INDEX "cars_search_idx" ON "cars" USING gin ("search_document");--> statement-breakpoint
-- Typos are now resolved in the API against its list of makes and models; nothing reads these any more.
DROP INDEX "cars_make_trgm_idx";--> statement-breakpoint
DROP INDEX "cars_model_trgm_idx";--> statement-breakpoint
-- The makes and models in stock, one index probe per pair (a loose index scan), for that list and the query reader.
CREATE INDEX "cars_active_make_model_idx" ON "cars" USING btree ("make","model") WHERE "cars"."status" = 'active';--> statement-breakpoint
-- The choice filters compare lower(column); those expressions only appear in partial indexes, whose statistics the
-- planner ignores, so without these it guessed 1 to 48 matching cars and joined every match before sorting.
CREATE STATISTICS IF NOT EXISTS "cars_lower_body_type_stats" ON (lower("body_type")) FROM "cars";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "cars_lower_fuel_type_stats" ON (lower("fuel_type")) FROM "cars";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "cars_lower_transmission_stats" ON (lower("transmission")) FROM "cars";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "cars_lower_condition_stats" ON (lower("condition")) FROM "cars";--> statement-breakpoint
-- The choice filters go together (a model belongs to one make; a catalogue may hold no automatic Corolla): the
-- combinations' frequencies, so the planner neither multiplies the filters' selectivities nor expects thousands of
-- cars for a combination that has none (and walks the whole ordered index looking for them).
CREATE STATISTICS IF NOT EXISTS "cars_choice_combinations_stats" (mcv) ON (lower("make")), (lower("model")), (lower("body_type")), (lower("fuel_type")), (lower("transmission")), (lower("condition")) FROM "cars";--> statement-breakpoint
ALTER STATISTICS "cars_choice_combinations_stats" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "cars";
