ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- What the erasure job looks for: closed accounts whose personal data is not erased yet (a handful at any time).
CREATE INDEX "users_awaiting_erasure_idx" ON "users" USING btree ("deletion_requested_at") WHERE "users"."deletion_requested_at" is not null and "users"."erased_at" is null;
