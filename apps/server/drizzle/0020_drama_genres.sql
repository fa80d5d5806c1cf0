ALTER TABLE "dramas" ADD COLUMN "genres" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "dramas_genres_idx" ON "dramas" USING gin ("genres");--> statement-breakpoint
ALTER TABLE "dramas" ADD CONSTRAINT "dramas_genres_at_most_three" CHECK (jsonb_array_length("dramas"."genres") <= 3);