-- The catalogue's change log: every change a reader or a follower of a car cares about, appended by a trigger in the
-- same transaction as the write, whoever writes (an API process, a script, psql). The in-memory index follows it by
-- sequence; price drops and alerts read it. Rows outlive the car ('removed'), so there is no foreign key.
CREATE TABLE "car_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"car_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"old_price" integer,
	"new_price" integer,
	"old_status" text,
	"new_status" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_changes_kind" CHECK ("kind" IN ('listed', 'price_changed', 'status_changed', 'details_changed', 'removed'))
);--> statement-breakpoint
CREATE INDEX "car_changes_car_seq_idx" ON "car_changes" ("car_id", "seq");--> statement-breakpoint
CREATE INDEX "car_changes_at_idx" ON "car_changes" ("at");--> statement-breakpoint
-- A car's price over time, kept as long as the car is (the log itself is pruned by age): its first price when
-- listed, then one point per change.
CREATE TABLE "car_price_points" (
	"car_id" uuid NOT NULL REFERENCES "cars"("id") ON DELETE CASCADE,
	"price" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "car_price_points_car_at_idx" ON "car_price_points" ("car_id", "at");--> statement-breakpoint
INSERT INTO "car_price_points" ("car_id", "price", "at") SELECT "id", "price", "created_at" FROM "cars";--> statement-breakpoint
CREATE FUNCTION "autoreel_car_change_logged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "car_changes" ("car_id", "kind", "new_price", "new_status") VALUES (NEW."id", 'listed', NEW."price", NEW."status");
    INSERT INTO "car_price_points" ("car_id", "price", "at") VALUES (NEW."id", NEW."price", NEW."created_at");
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "car_changes" ("car_id", "kind", "old_price", "old_status") VALUES (OLD."id", 'removed', OLD."price", OLD."status");
    RETURN NULL;
  END IF;
  IF NEW."price" IS DISTINCT FROM OLD."price" THEN
    INSERT INTO "car_changes" ("car_id", "kind", "old_price", "new_price", "old_status", "new_status")
      VALUES (NEW."id", 'price_changed', OLD."price", NEW."price", OLD."status", NEW."status");
    INSERT INTO "car_price_points" ("car_id", "price") VALUES (NEW."id", NEW."price");
  END IF;
  IF NEW."status" IS DISTINCT FROM OLD."status" THEN
    INSERT INTO "car_changes" ("car_id", "kind", "old_price", "new_price", "old_status", "new_status")
      VALUES (NEW."id", 'status_changed', OLD."price", NEW."price", OLD."status", NEW."status");
  END IF;
  IF (NEW."make", NEW."model", NEW."year", NEW."mileage", NEW."seats", NEW."fuel_type", NEW."transmission",
      NEW."body_type", NEW."condition", NEW."description", NEW."features", NEW."color", NEW."exterior_color",
      NEW."interior_color", NEW."created_at", NEW."seller_id", NEW."dealer_id")
     IS DISTINCT FROM
     (OLD."make", OLD."model", OLD."year", OLD."mileage", OLD."seats", OLD."fuel_type", OLD."transmission",
      OLD."body_type", OLD."condition", OLD."description", OLD."features", OLD."color", OLD."exterior_color",
      OLD."interior_color", OLD."created_at", OLD."seller_id", OLD."dealer_id") THEN
    INSERT INTO "car_changes" ("car_id", "kind", "new_price", "new_status") VALUES (NEW."id", 'details_changed', NEW."price", NEW."status");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Sequence order must be commit order, or a reader that has applied up to 11 would never look back for a 10 that
-- committed after it. Every statement writing cars first takes the catalogue version row's lock (the same lock
-- order as a suspension's update of it), so writers of cars take their sequence numbers one transaction at a time.
CREATE FUNCTION "autoreel_car_changes_serialised"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "car_catalogue_version" WHERE "id" = 1 FOR UPDATE;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_changes_serialised" BEFORE INSERT OR DELETE OR UPDATE ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "autoreel_car_changes_serialised"();--> statement-breakpoint
CREATE TRIGGER "cars_change_logged" AFTER INSERT OR DELETE OR UPDATE ON "cars" FOR EACH ROW EXECUTE FUNCTION "autoreel_car_change_logged"();--> statement-breakpoint
-- One wake-up per statement, not per row: readers catch up by sequence, so the payload carries nothing.
CREATE FUNCTION "autoreel_car_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('autoreel_car_changes', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "car_changes_notify" AFTER INSERT ON "car_changes" FOR EACH STATEMENT EXECUTE FUNCTION "autoreel_car_changes_notify"();
