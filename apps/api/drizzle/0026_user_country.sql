-- The buyer's own choice of country (prices and budgets), kept with the account so it follows them to any device.
ALTER TABLE "users" ADD COLUMN "country_code" text;
