CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"period" text,
	"coins" integer DEFAULT 0 NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"stripe_session_id" text,
	"stripe_payment_intent_id" text,
	"stripe_subscription_id" text,
	"app_account_token" text,
	"coins_credited" integer DEFAULT 0 NOT NULL,
	"coins_reversed" integer DEFAULT 0 NOT NULL,
	"coins_unrecovered" integer DEFAULT 0 NOT NULL,
	"vip_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_kind_known" CHECK ("orders"."kind" IN ('vip', 'coins')),
	CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" IN ('stripe', 'apple')),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('pending', 'fulfilled', 'failed', 'canceled', 'refunded')),
	CONSTRAINT "orders_coins_range" CHECK ("orders"."coins_credited" >= 0 AND "orders"."coins_reversed" >= 0 AND "orders"."coins_unrecovered" >= 0 AND "orders"."coins_reversed" + "orders"."coins_unrecovered" <= "orders"."coins_credited")
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" bigint,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"period" text,
	"coins" integer DEFAULT 0 NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"stripe_price_id" text,
	"apple_product_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_kind_known" CHECK ("products"."kind" IN ('vip', 'coins')),
	CONSTRAINT "products_kind_shape" CHECK (("products"."kind" = 'vip' AND "products"."period" IN ('week', 'month', 'quarter', 'year') AND "products"."coins" = 0 AND "products"."bonus_coins" = 0) OR ("products"."kind" = 'coins' AND "products"."period" IS NULL AND "products"."coins" > 0 AND "products"."bonus_coins" >= 0)),
	CONSTRAINT "products_price_positive" CHECK ("products"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"seconds" integer NOT NULL,
	"expires_after" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" bigint,
	"ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_entries_kind_known" CHECK ("vip_entries"."kind" IN ('purchase', 'renewal', 'grant', 'reversal', 'subscription_end')),
	CONSTRAINT "vip_entries_seconds_sign" CHECK (("vip_entries"."kind" IN ('purchase', 'renewal', 'grant') AND "vip_entries"."seconds" > 0) OR ("vip_entries"."kind" IN ('reversal', 'subscription_end') AND "vip_entries"."seconds" <= 0))
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_known";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_amount_sign";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_entries" ADD CONSTRAINT "vip_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_entries" ADD CONSTRAINT "vip_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_public_id_unique" ON "orders" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_stripe_session_unique" ON "orders" USING btree ("stripe_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_stripe_payment_intent_unique" ON "orders" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_app_account_token_unique" ON "orders" USING btree ("app_account_token");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_unique" ON "payment_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_apple_product_id_unique" ON "products" USING btree ("apple_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_id_unique" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_entries_user_key_unique" ON "vip_entries" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "vip_entries_order_idx" ON "vip_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_known" CHECK ("wallet_entries"."kind" IN ('task_reward', 'recharge', 'consume', 'giveaway', 'checkin_reward', 'watch_video_reward', 'ad_reward', 'share_app_reward', 'invitee_reward', 'coin_return', 'coin_freeze', 'coin_unfreeze', 'coin_expiry', 'recharge_reversal'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_amount_sign" CHECK (("wallet_entries"."kind" IN ('task_reward', 'recharge', 'giveaway', 'checkin_reward', 'watch_video_reward', 'ad_reward', 'share_app_reward', 'invitee_reward', 'coin_return', 'coin_unfreeze') AND "wallet_entries"."amount" > 0) OR ("wallet_entries"."kind" IN ('consume', 'coin_freeze', 'coin_expiry', 'recharge_reversal') AND "wallet_entries"."amount" < 0));--> statement-breakpoint
CREATE FUNCTION "vip_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vip_entries is append-only (% refused)', TG_OP USING ERRCODE = '55000';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "vip_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "vip_entries" FOR EACH ROW EXECUTE FUNCTION "vip_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "vip_entries_no_truncate" BEFORE TRUNCATE ON "vip_entries" FOR EACH STATEMENT EXECUTE FUNCTION "vip_entries_append_only"();--> statement-breakpoint
INSERT INTO "vip_entries" ("user_id", "kind", "seconds", "expires_after", "idempotency_key", "ref")
SELECT "id", 'grant', GREATEST(1, CEIL(EXTRACT(EPOCH FROM ("vip_expires_at" - "created_at")))::integer), "vip_expires_at", 'grant:before-vip-ledger', 'granted before the VIP ledger existed'
FROM "users" WHERE "vip_expires_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "products" ("id", "kind", "period", "coins", "bonus_coins", "price_cents", "apple_product_id", "sort") VALUES
  ('vip_week', 'vip', 'week', 0, 0, 499, 'cliffhanger.vip.week', 10),
  ('vip_month', 'vip', 'month', 0, 0, 1499, 'cliffhanger.vip.month', 20),
  ('vip_quarter', 'vip', 'quarter', 0, 0, 3499, 'cliffhanger.vip.quarter', 30),
  ('vip_year', 'vip', 'year', 0, 0, 9999, 'cliffhanger.vip.year', 40),
  ('coins_100', 'coins', NULL, 100, 0, 99, 'cliffhanger.coins.100', 110),
  ('coins_500', 'coins', NULL, 500, 50, 499, 'cliffhanger.coins.500', 120),
  ('coins_1000', 'coins', NULL, 1000, 150, 999, 'cliffhanger.coins.1000', 130),
  ('coins_2000', 'coins', NULL, 2000, 400, 1999, 'cliffhanger.coins.2000', 140),
  ('coins_5000', 'coins', NULL, 5000, 1250, 4999, 'cliffhanger.coins.5000', 150);
