-- Notifications: what a user is told in the app, the outbox of their deliveries to other channels, saved searches
-- with alerts, the daily digest's waiting items, and the change log reader's cursor.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	-- What the notification is about ('match:{car}', 'price_drop:{car}:{seq}', 'message:{id}'): one per user, so a
	-- source that runs twice (a retry, a second process) writes it once.
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind" CHECK ("kind" IN ('message', 'comment_reply', 'application_decided', 'saved_search_match', 'price_drop', 'listing_moderated'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_idx" ON "notifications" ("user_id", "dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
-- The outbox: one row per notification per channel beyond the open tab, written with the notification, worked by
-- the job queue. A claim (claimed_until) keeps two processes from delivering one row at once.
CREATE TABLE "notification_deliveries" (
	"notification_id" uuid NOT NULL REFERENCES "notifications"("id") ON DELETE CASCADE,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"outcome" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("notification_id", "channel"),
	CONSTRAINT "notification_deliveries_status" CHECK ("status" IN ('pending', 'sending', 'sent', 'skipped', 'deferred', 'failed'))
);--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" ("next_at") WHERE "status" IN ('pending', 'sending', 'deferred');--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"alert" text DEFAULT 'instant' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_alert" CHECK ("alert" IN ('instant', 'daily', 'off'))
);--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" ("user_id", "created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_alerting_idx" ON "saved_searches" ("alert") WHERE "alert" <> 'off' AND NOT "paused";--> statement-breakpoint
-- Matches and price drops waiting for a user's daily digest; the digest job turns them into one notification.
CREATE TABLE "notification_digest_items" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"car_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "kind", "car_id", "seq")
);--> statement-breakpoint
-- How far each reader of the catalogue's change log has got, so a restart resumes where it stopped. It starts at
-- the log's end: history before notifications existed is not announced.
CREATE TABLE "change_log_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "change_log_cursors" ("name", "seq") SELECT 'notifications', coalesce(max("seq"), 0) FROM "car_changes";
