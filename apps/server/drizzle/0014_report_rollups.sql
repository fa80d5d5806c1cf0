CREATE TABLE "report_episode_days" (
	"episode_id" bigint NOT NULL,
	"day" date NOT NULL,
	"plays" integer NOT NULL,
	CONSTRAINT "report_episode_days_episode_id_day_pk" PRIMARY KEY("episode_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_episode_viewers" (
	"episode_id" bigint NOT NULL,
	"viewer_key" text NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "report_episode_viewers_episode_id_viewer_key_pk" PRIMARY KEY("episode_id","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "report_refreshes" (
	"name" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"recomputed_from" timestamp with time zone,
	"duration_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_viewer_days" (
	"day" date NOT NULL,
	"viewer_key" text NOT NULL,
	CONSTRAINT "report_viewer_days_day_viewer_key_pk" PRIMARY KEY("day","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "report_viewer_first" (
	"viewer_key" text PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_episode_days" ADD CONSTRAINT "report_episode_days_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_episode_viewers" ADD CONSTRAINT "report_episode_viewers_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_episode_days_day_idx" ON "report_episode_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_episode_viewers_day_idx" ON "report_episode_viewers" USING btree ("episode_id","first_day");--> statement-breakpoint
CREATE INDEX "report_viewer_first_day_idx" ON "report_viewer_first" USING btree ("first_day");