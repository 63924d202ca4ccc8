-- A verified dealership's new name waits here for the moderation desk; listings keep showing the approved one.
ALTER TABLE "dealers" ADD COLUMN "pending_name" text;--> statement-breakpoint
-- A new phone waits here until the code sent to it is entered; listings keep showing the old one.
ALTER TABLE "dealers" ADD COLUMN "pending_phone" text;
