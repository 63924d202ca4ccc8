-- Reply times (issue 28): each conversation's opening and the first reply its receiver gave, kept by a trigger on
-- messages whoever writes them; and per seller the median of those first replies over the last 90 days, refreshed
-- when a first reply lands and hourly by the reply-times job (the window slides). Pages read the figure by key.
CREATE TABLE "conversation_first_replies" (
	"conversation_id" uuid PRIMARY KEY NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE,
	-- The receiver of the conversation's first message: the seller a buyer wrote to.
	"seller_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"opened_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "conversation_first_replies_seller_idx" ON "conversation_first_replies" ("seller_id", "opened_at");--> statement-breakpoint
CREATE TABLE "seller_reply_times" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"median_minutes" integer,
	"sample" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The seller's figure as of `at`: conversations opened in the 90 days before it, each counted once answered, or
-- after 7 days unanswered as 7 days (10,080 minutes); the median in whole minutes, and how many were counted.
CREATE FUNCTION "autoreel_refresh_reply_time"("seller" uuid, "at" timestamp with time zone) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "seller_reply_times" ("user_id", "median_minutes", "sample", "refreshed_at")
  SELECT "seller", round(percentile_cont(0.5) WITHIN GROUP (ORDER BY m."minutes"))::integer, count(*)::integer, "at"
  FROM (
    SELECT least(extract(epoch FROM (r."replied_at" - r."opened_at")) / 60, 10080) AS "minutes"
    FROM "conversation_first_replies" r
    WHERE r."seller_id" = "seller" AND r."opened_at" > "at" - interval '90 days' AND r."opened_at" <= "at"
      AND r."replied_at" <= "at"
    UNION ALL
    SELECT 10080
    FROM "conversation_first_replies" r
    WHERE r."seller_id" = "seller" AND r."opened_at" > "at" - interval '90 days'
      AND r."opened_at" <= "at" - interval '7 days' AND (r."replied_at" IS NULL OR r."replied_at" > "at")
  ) m
  ON CONFLICT ("user_id") DO UPDATE SET "median_minutes" = excluded."median_minutes", "sample" = excluded."sample",
    "refreshed_at" = excluded."refreshed_at";
$$;--> statement-breakpoint
CREATE FUNCTION "autoreel_message_first_reply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "conversation_first_replies" ("conversation_id", "seller_id", "opened_at")
    VALUES (NEW."conversation_id", NEW."receiver_id", NEW."created_at")
    ON CONFLICT ("conversation_id") DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE "conversation_first_replies" SET "replied_at" = NEW."created_at"
    WHERE "conversation_id" = NEW."conversation_id" AND "seller_id" = NEW."sender_id" AND "replied_at" IS NULL;
  IF FOUND THEN
    PERFORM "autoreel_refresh_reply_time"(NEW."sender_id", now());
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "messages_first_reply" AFTER INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION "autoreel_message_first_reply"();--> statement-breakpoint
INSERT INTO "conversation_first_replies" ("conversation_id", "seller_id", "opened_at", "replied_at")
SELECT f."conversation_id", f."receiver_id", f."created_at",
  (SELECT min(m."created_at") FROM "messages" m
   WHERE m."conversation_id" = f."conversation_id" AND m."sender_id" = f."receiver_id" AND m."created_at" >= f."created_at")
FROM (
  SELECT DISTINCT ON ("conversation_id") "conversation_id", "receiver_id", "created_at"
  FROM "messages" ORDER BY "conversation_id", "created_at", "id"
) f;--> statement-breakpoint
SELECT "autoreel_refresh_reply_time"(s."seller_id", now()) FROM (SELECT DISTINCT "seller_id" FROM "conversation_first_replies") s;--> statement-breakpoint
-- 'Verified Dealer' is what an admin's approval gives (docs/cars-and-dealers.md): dealerships approved before it was
-- set on approval get it now.
UPDATE "dealers" d SET "is_verified" = true
WHERE NOT d."is_verified" AND EXISTS (
  SELECT 1 FROM "dealer_applications" a
  WHERE a."user_id" = d."user_id" AND a."business_type" = 'dealer' AND a."status" = 'approved'
    AND a."reviewed_by" IS NOT NULL
);
