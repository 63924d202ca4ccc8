-- What each account wants beyond the app: channels per kind, quiet hours and the zone they are read in. No row means
-- the defaults (packages/core defaultNotificationSettings).
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"channels" jsonb NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- One row per device a person allowed push on; the endpoint is the push service's address for that device.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");--> statement-breakpoint
-- When a person last had the app open: refreshed while a live stream is open, so 'away' holds across processes.
CREATE TABLE "user_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"last_seen_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- The last WhatsApp notice per recipient and sender (one conversation per pair): at most one an hour each.
CREATE TABLE "whatsapp_notices" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"other_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"sent_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "other_user_id")
);
