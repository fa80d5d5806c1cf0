CREATE TABLE "comment_reports" (
	"comment_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reports_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id"),
	CONSTRAINT "comment_reports_reason_known" CHECK ("comment_reports"."reason" IN ('spam', 'abuse', 'spoiler', 'other'))
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"operator_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_cents" > 0),
	CONSTRAINT "order_refunds_status_known" CHECK ("order_refunds"."status" IN ('pending', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_known";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_amount_sign";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comments_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reports_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reports_user_created_idx" ON "comment_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_provider_id_unique" ON "order_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_known" CHECK ("wallet_entries"."kind" IN ('task_reward', 'recharge', 'consume', 'giveaway', 'checkin_reward', 'watch_video_reward', 'ad_reward', 'share_app_reward', 'invitee_reward', 'coin_return', 'coin_freeze', 'coin_unfreeze', 'coin_expiry', 'recharge_reversal', 'support_credit', 'support_debit')) NOT VALID;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_amount_sign" CHECK (("wallet_entries"."kind" IN ('task_reward', 'recharge', 'giveaway', 'checkin_reward', 'watch_video_reward', 'ad_reward', 'share_app_reward', 'invitee_reward', 'coin_return', 'coin_unfreeze', 'support_credit') AND "wallet_entries"."amount" > 0) OR ("wallet_entries"."kind" IN ('consume', 'coin_freeze', 'coin_expiry', 'recharge_reversal', 'support_debit') AND "wallet_entries"."amount" < 0)) NOT VALID;--> statement-breakpoint
-- Added NOT VALID, then validated: the check of every existing entry holds no lock that stops writes.
ALTER TABLE "wallet_entries" VALIDATE CONSTRAINT "wallet_entries_kind_known";--> statement-breakpoint
ALTER TABLE "wallet_entries" VALIDATE CONSTRAINT "wallet_entries_amount_sign";