DROP INDEX "cars_body_type_idx";--> statement-breakpoint
DROP INDEX "cars_fuel_type_idx";--> statement-breakpoint
DROP INDEX "cars_transmission_idx";--> statement-breakpoint
DROP INDEX "cars_condition_idx";--> statement-breakpoint
CREATE INDEX "cars_active_make_body_created_idx" ON "cars" USING btree (lower("make"),lower("body_type"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cars"."status" = 'active';--> statement-breakpoint
CREATE INDEX "cars_active_body_fuel_created_idx" ON "cars" USING btree (lower("body_type"),lower("fuel_type"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cars"."status" = 'active';--> statement-breakpoint
CREATE INDEX "cars_make_idx" ON "cars" USING btree ("make");--> statement-breakpoint
CREATE INDEX "cars_model_idx" ON "cars" USING btree ("model");