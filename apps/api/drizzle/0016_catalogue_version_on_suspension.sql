-- The catalogue index and the public lists leave out the cars of suspended accounts (users.suspended_at): a
-- suspension or its end changes what they hold, so it raises the catalogue version like a change to a car does.
CREATE TRIGGER "users_suspension_catalogue_changed" AFTER UPDATE OF "suspended_at" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "autoreel_car_catalogue_changed"();
