-- A car's latest price drop, kept on the car so that lists, the index and the 'recently reduced' sort read it
-- without the log: a fall adds to a drop still within 14 days (else starts a new one), a rise clears it.
ALTER TABLE "cars" ADD COLUMN "price_drop_amount" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_dropped_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "autoreel_car_price_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."price" IS NOT DISTINCT FROM OLD."price" THEN
    RETURN NEW;
  END IF;
  -- 0 is 'Contact for price': neither a fall to it nor a rise from it is a price drop.
  IF NEW."price" > 0 AND OLD."price" > 0 AND NEW."price" < OLD."price" THEN
    NEW."price_drop_amount" := (OLD."price" - NEW."price") +
      CASE WHEN OLD."price_dropped_at" > now() - interval '14 days' THEN coalesce(OLD."price_drop_amount", 0) ELSE 0 END;
    NEW."price_dropped_at" := now();
  ELSE
    NEW."price_drop_amount" := NULL;
    NEW."price_dropped_at" := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_price_drop" BEFORE UPDATE OF "price" ON "cars" FOR EACH ROW EXECUTE FUNCTION "autoreel_car_price_drop"();--> statement-breakpoint
CREATE INDEX "cars_status_price_dropped_idx" ON "cars" ("status", "price_dropped_at" DESC NULLS LAST, "id" DESC) WHERE "price_dropped_at" IS NOT NULL;--> statement-breakpoint
-- The index follows the change log car by car now; the catalogue version rises only for what the log does not
-- carry: a seller's suspension (migration 0016) and a TRUNCATE of cars, both of which make every index read again.
DROP TRIGGER "cars_catalogue_changed" ON "cars";--> statement-breakpoint
CREATE TRIGGER "cars_truncated_catalogue_changed" AFTER TRUNCATE ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "autoreel_car_catalogue_changed"();
