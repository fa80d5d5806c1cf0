CREATE TABLE "dramas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"synopsis" jsonb NOT NULL,
	"sort_title" text NOT NULL,
	"poster" text NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"free_episodes" integer DEFAULT 5 NOT NULL,
	"episode_price" integer NOT NULL,
	"all_price" integer NOT NULL,
	"recommend_rank" integer,
	"banner_rank" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dramas_prices_nonnegative" CHECK ("dramas"."episode_price" >= 0 AND "dramas"."all_price" >= 0),
	CONSTRAINT "dramas_free_episodes_nonnegative" CHECK ("dramas"."free_episodes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "episode_plays" (
	"viewer_key" text NOT NULL,
	"episode_id" bigint NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_plays_viewer_key_episode_id_day_pk" PRIMARY KEY("viewer_key","episode_id","day")
);
--> statement-breakpoint
CREATE TABLE "episode_unlocks" (
	"user_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_unlocks_user_id_episode_id_pk" PRIMARY KEY("user_id","episode_id")
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"drama_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"title" jsonb NOT NULL,
	"duration_s" real NOT NULL,
	"media_dir" text NOT NULL,
	"subtitles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episodes_number_positive" CHECK ("episodes"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"episode_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "comments_body_length" CHECK (char_length("comments"."body") BETWEEN 1 AND 140)
);
--> statement-breakpoint
CREATE TABLE "episode_likes" (
	"user_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_likes_user_id_episode_id_pk" PRIMARY KEY("user_id","episode_id")
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" bigint NOT NULL,
	"drama_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_drama_id_pk" PRIMARY KEY("user_id","drama_id")
);
--> statement-breakpoint
CREATE TABLE "share_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"target" text NOT NULL,
	"episode_id" bigint,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_history" (
	"user_id" bigint NOT NULL,
	"drama_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"position_s" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_history_user_id_drama_id_pk" PRIMARY KEY("user_id","drama_id"),
	CONSTRAINT "watch_history_position_nonnegative" CHECK ("watch_history"."position_s" >= 0)
);
--> statement-breakpoint
ALTER TABLE "episode_plays" ADD CONSTRAINT "episode_plays_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD CONSTRAINT "episode_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD CONSTRAINT "episode_unlocks_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_likes" ADD CONSTRAINT "episode_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_likes" ADD CONSTRAINT "episode_likes_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_events" ADD CONSTRAINT "share_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_events" ADD CONSTRAINT "share_events_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dramas_slug_unique" ON "dramas" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "dramas_hits_idx" ON "dramas" USING btree ("hits");--> statement-breakpoint
CREATE INDEX "dramas_likes_idx" ON "dramas" USING btree ("likes");--> statement-breakpoint
CREATE INDEX "dramas_sort_title_idx" ON "dramas" USING btree ("sort_title");--> statement-breakpoint
CREATE INDEX "dramas_published_at_idx" ON "dramas" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_drama_number_unique" ON "episodes" USING btree ("drama_id","number");--> statement-breakpoint
CREATE INDEX "comments_episode_created_idx" ON "comments" USING btree ("episode_id","created_at");--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "share_events_user_created_idx" ON "share_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_history_user_updated_idx" ON "watch_history" USING btree ("user_id","updated_at");