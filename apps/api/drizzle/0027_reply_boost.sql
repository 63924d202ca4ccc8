-- The default order's small boost for sellers who reply (issue 28, docs/cars-and-dealers.md): Newest First places a
-- car as if it had been listed later by its seller's reply-time band's hours (core's REPLY_TIME_BANDS; the reply-boost
-- test holds the two together). ranked_at is kept by triggers whoever writes: on a car's own write, and when its
-- seller's band moves, which moves each of their cars and logs 'reordered' so every process's index follows.
CREATE FUNCTION "autoreel_reply_boost_hours"("median_minutes" integer, "sample" integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "median_minutes" IS NULL OR "sample" < 3 THEN 0
    WHEN "median_minutes" <= 60 THEN 12
    WHEN "median_minutes" <= 360 THEN 6
    WHEN "median_minutes" <= 1440 THEN 2
    ELSE 0
  END
$$;--> statement-breakpoint
CREATE FUNCTION "autoreel_seller_boost"("seller" uuid) RETURNS interval LANGUAGE sql STABLE AS $$
  SELECT make_interval(hours => coalesce(
    (SELECT autoreel_reply_boost_hours(r."median_minutes", r."sample") FROM "seller_reply_times" r WHERE r."user_id" = "seller"),
    0))
$$;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "ranked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "cars" SET "ranked_at" = "created_at" + autoreel_seller_boost("seller_id");--> statement-breakpoint
CREATE FUNCTION "autoreel_car_ranked_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."ranked_at" := NEW."created_at" + autoreel_seller_boost(NEW."seller_id");
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_ranked_at" BEFORE INSERT OR UPDATE ON "cars" FOR EACH ROW EXECUTE FUNCTION "autoreel_car_ranked_at"();--> statement-breakpoint
CREATE FUNCTION "autoreel_reply_boost_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND autoreel_reply_boost_hours(NEW."median_minutes", NEW."sample")
      = autoreel_reply_boost_hours(OLD."median_minutes", OLD."sample") THEN
    RETURN NULL;
  END IF;
  -- cars_ranked_at works each one's place out again.
  UPDATE "cars" SET "ranked_at" = NULL
    WHERE "seller_id" = NEW."user_id" AND "ranked_at" IS DISTINCT FROM "created_at" + autoreel_seller_boost("seller_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "seller_reply_times_boost" AFTER INSERT OR UPDATE ON "seller_reply_times" FOR EACH ROW EXECUTE FUNCTION "autoreel_reply_boost_moved"();--> statement-breakpoint
ALTER TABLE "car_changes" DROP CONSTRAINT "car_changes_kind";--> statement-breakpoint
ALTER TABLE "car_changes" ADD CONSTRAINT "car_changes_kind" CHECK ("kind" IN ('listed', 'price_changed', 'status_changed', 'details_changed', 'reordered', 'removed'));--> statement-breakpoint
-- Only the band's own update sets ranked_at: a car's other writes log what they change (0018's logger), and one
-- that moves created_at or the seller is logged there as details_changed.
CREATE FUNCTION "autoreel_car_reordered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."ranked_at" IS DISTINCT FROM OLD."ranked_at" THEN
    INSERT INTO "car_changes" ("car_id", "kind", "new_price", "new_status") VALUES (NEW."id", 'reordered', NEW."price", NEW."status");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_reordered" AFTER UPDATE OF "ranked_at" ON "cars" FOR EACH ROW EXECUTE FUNCTION "autoreel_car_reordered"();--> statement-breakpoint
-- Newest First reads ranked_at now: its indexes move from created_at (which the smart search's newest-first still reads).
CREATE INDEX "cars_status_ranked_idx" ON "cars" USING btree ("status", "ranked_at" DESC NULLS LAST, "id" DESC NULLS LAST);--> statement-breakpoint
DROP INDEX "cars_active_make_body_created_idx";--> statement-breakpoint
DROP INDEX "cars_active_body_fuel_created_idx";--> statement-breakpoint
CREATE INDEX "cars_active_make_body_ranked_idx" ON "cars" (lower("make"), lower("body_type"), "ranked_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "cars_active_body_fuel_ranked_idx" ON "cars" (lower("body_type"), lower("fuel_type"), "ranked_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "status" = 'active';
