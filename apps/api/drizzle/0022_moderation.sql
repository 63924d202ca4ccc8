-- Issue 28: report anything, the moderation desk, blocks.
-- The conversation report becomes a report of a person: its free text becomes the details under the reason 'other'.
ALTER TABLE "reports" ADD COLUMN "target_type" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "details" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "reports" SET "target_id" = "reported_user_id", "details" = left("reason", 1000), "reason" = 'other';--> statement-breakpoint
-- One report per reporter and target: of earlier duplicates the newest stays.
DELETE FROM "reports" a USING "reports" b
  WHERE a."reporter_id" = b."reporter_id" AND a."target_type" = b."target_type" AND a."target_id" = b."target_id"
    AND (a."created_at", a."id") < (b."created_at", b."id");--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type" CHECK ("target_type" IN ('car', 'user', 'message', 'review', 'comment'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reason" CHECK ("reason" IN ('scam', 'wrong_information', 'already_sold', 'offensive', 'other'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status" CHECK ("status" IN ('open', 'actioned', 'dismissed'));--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_per_reporter_key" ON "reports" ("reporter_id", "target_type", "target_id");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" ("target_type", "target_id", "status");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" ("status", "created_at");--> statement-breakpoint
-- A listing hidden by moderation leaves every public answer, like a suspended seller's; pending_review: hidden by
-- its reports, not yet by an admin.
ALTER TABLE "cars" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "hidden_pending_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TRIGGER "cars_hidden_catalogue_changed" AFTER UPDATE OF "hidden_at" ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "autoreel_car_catalogue_changed"();--> statement-breakpoint
-- Who did what to which target and why; actor null: the system (a listing hidden by its reports).
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"blocked_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("blocker_id", "blocked_id"),
	CONSTRAINT "user_blocks_not_self" CHECK ("blocker_id" <> "blocked_id")
);--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" ("blocked_id");--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("kind" IN ('message', 'comment_reply', 'application_decided', 'saved_search_match', 'price_drop', 'listing_moderated', 'report_outcome', 'content_removed'));
