CREATE TABLE "session_refresh_history" (
	"refresh_hash" text PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"rotated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_refresh_history" ADD CONSTRAINT "session_refresh_history_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_refresh_history_session_idx" ON "session_refresh_history" USING btree ("session_id");--> statement-breakpoint
-- The one rotated-away token each session kept until now becomes the start of its history, so
-- a replay of it still ends the session after the upgrade.
INSERT INTO "session_refresh_history" ("refresh_hash", "session_id", "rotated_at")
SELECT "previous_refresh_hash", "id", COALESCE("rotated_at", "created_at") FROM "sessions"
WHERE "previous_refresh_hash" IS NOT NULL
ON CONFLICT DO NOTHING;
