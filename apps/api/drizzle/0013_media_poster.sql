-- A car video uploaded with its poster (the dealer console takes one when it prepares the file): the poster photo's
-- key, kept by the video job when the video is only checked.
ALTER TABLE "media_objects" ADD COLUMN "poster_key" text;
