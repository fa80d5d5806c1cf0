ALTER TABLE "oauth_states" ADD COLUMN "binder_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_reward_tokens" ADD COLUMN "payable_at" timestamp with time zone DEFAULT now() NOT NULL;