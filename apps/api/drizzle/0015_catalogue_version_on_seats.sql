-- The catalogue index filters on seats (GET /cars?minSeats): a change of a car's seats must raise the catalogue
-- version like a change of any other column the index reads.
DROP TRIGGER "cars_catalogue_changed" ON "cars";--> statement-breakpoint
CREATE TRIGGER "cars_catalogue_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "id", "status", "make", "model", "body_type", "fuel_type", "transmission", "condition", "price", "year", "mileage", "seats", "created_at", "description", "features", "color", "exterior_color" ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "autoreel_car_catalogue_changed"();
