CREATE TABLE "ad_episode_starts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"viewer_key" text NOT NULL,
	"local_date" text NOT NULL,
	"episode_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_reward_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"ad_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"user_id" bigint NOT NULL,
	"local_date" text NOT NULL,
	"cycle_day" integer NOT NULL,
	"reward" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_user_id_local_date_pk" PRIMARY KEY("user_id","local_date"),
	CONSTRAINT "checkins_cycle_day_positive" CHECK ("checkins"."cycle_day" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"invitee_id" bigint PRIMARY KEY NOT NULL,
	"inviter_id" bigint NOT NULL,
	"inviter_reward" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_not_self" CHECK ("invites"."invitee_id" <> "invites"."inviter_id")
);
--> statement-breakpoint
CREATE TABLE "task_claims" (
	"user_id" bigint NOT NULL,
	"task_key" text NOT NULL,
	"period" text NOT NULL,
	"upto" integer NOT NULL,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_claims_user_id_task_key_period_upto_pk" PRIMARY KEY("user_id","task_key","period","upto"),
	CONSTRAINT "task_claims_upto_positive" CHECK ("task_claims"."upto" >= 1)
);
--> statement-breakpoint
CREATE TABLE "watched_videos" (
	"user_id" bigint NOT NULL,
	"local_date" text NOT NULL,
	"episode_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watched_videos_user_id_local_date_episode_id_pk" PRIMARY KEY("user_id","local_date","episode_id")
);
--> statement-breakpoint
ALTER TABLE "ad_episode_starts" ADD CONSTRAINT "ad_episode_starts_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reward_tokens" ADD CONSTRAINT "ad_reward_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watched_videos" ADD CONSTRAINT "watched_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watched_videos" ADD CONSTRAINT "watched_videos_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_episode_starts_viewer_day_episode_unique" ON "ad_episode_starts" USING btree ("viewer_key","local_date","episode_id");--> statement-breakpoint
CREATE INDEX "ad_reward_tokens_user_used_idx" ON "ad_reward_tokens" USING btree ("user_id","used_on");--> statement-breakpoint
CREATE INDEX "invites_inviter_created_idx" ON "invites" USING btree ("inviter_id","created_at");