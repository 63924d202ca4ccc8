-- The adaptive ladder (HLS) of each car video: the video's key -> its master playlist's key. Keys, not URLs, like
-- every media column; a video without a ladder (made before this, or without ffmpeg) is simply absent.
ALTER TABLE "cars" ADD COLUMN "video_streams" jsonb DEFAULT '{}'::jsonb NOT NULL;
