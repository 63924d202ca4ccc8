DROP INDEX "conversations_low_idx";--> statement-breakpoint
DROP INDEX "conversations_high_idx";--> statement-breakpoint
CREATE INDEX "conversations_high_idx" ON "conversations" USING btree ("user_high_id");--> statement-breakpoint
-- Room on each page for the new version of a conversation touched by a message, so the update stays on its page.
ALTER TABLE "conversations" SET (fillfactor = 85);
