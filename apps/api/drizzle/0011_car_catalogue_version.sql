-- The API keeps an in-memory index of the active cars' filter and sort columns (car-catalogue-index.ts). This one
-- number, raised by every statement that changes what that index holds (whoever runs it: any API process, a script,
-- psql), lets each page check in its own statement that the index it was chosen from is still the catalogue.
CREATE TABLE "car_catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "car_catalogue_version_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "car_catalogue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "autoreel_car_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "car_catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Once per statement, not per row; an update only when it names a column the index reads (photos and video status
-- do not).
CREATE TRIGGER "cars_catalogue_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "id", "status", "make", "model", "body_type", "fuel_type", "transmission", "condition", "price", "year", "mileage", "created_at", "description", "features", "color", "exterior_color" ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "autoreel_car_catalogue_changed"();
