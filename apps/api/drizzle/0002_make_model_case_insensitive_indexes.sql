DROP INDEX "cars_make_model_idx";--> statement-breakpoint
CREATE INDEX "cars_make_lower_created_idx" ON "cars" USING btree (lower("make"),"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cars_make_model_lower_idx" ON "cars" USING btree (lower("make"),lower("model"));