-- An attachment shows the name its file had on the sender's device, never its storage key.
ALTER TABLE "media_objects" ADD COLUMN "original_name" text;--> statement-breakpoint
-- Each attachment's name and size as the message was sent, in the order of its keys.
ALTER TABLE "messages" ADD COLUMN "attachment_files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- How to reach the buyer, from the Contact Dealer form: shown as a card under the buyer's own words.
ALTER TABLE "messages" ADD COLUMN "contact" jsonb;
