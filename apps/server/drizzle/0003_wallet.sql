CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"ref" text,
	"lot_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_kind_known" CHECK ("wallet_entries"."kind" IN ('task_reward', 'recharge', 'consume', 'giveaway', 'checkin_reward', 'watch_video_reward', 'ad_reward', 'share_app_reward', 'invitee_reward', 'coin_return', 'coin_freeze', 'coin_unfreeze', 'coin_expiry')),
	CONSTRAINT "wallet_entries_amount_sign" CHECK (("wallet_entries"."kind" IN ('task_reward', 'recharge', 'giveaway', 'checkin_reward', 'watch_video_reward', 'ad_reward', 'share_app_reward', 'invitee_reward', 'coin_return', 'coin_unfreeze') AND "wallet_entries"."amount" > 0) OR ("wallet_entries"."kind" IN ('consume', 'coin_freeze', 'coin_expiry') AND "wallet_entries"."amount" < 0)),
	CONSTRAINT "wallet_entries_balance_nonnegative" CHECK ("wallet_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_lots_remaining_range" CHECK ("wallet_lots"."remaining" >= 0 AND "wallet_lots"."remaining" <= "wallet_lots"."amount"),
	CONSTRAINT "wallet_lots_amount_positive" CHECK ("wallet_lots"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_lots" ADD CONSTRAINT "wallet_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_lots" ADD CONSTRAINT "wallet_lots_entry_id_wallet_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_user_key_unique" ON "wallet_entries" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_entries_user_id_idx" ON "wallet_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_lots_entry_unique" ON "wallet_lots" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "wallet_lots_user_spendable_idx" ON "wallet_lots" USING btree ("user_id","expires_at") WHERE "wallet_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "wallet_lots_due_idx" ON "wallet_lots" USING btree ("expires_at") WHERE "wallet_lots"."remaining" > 0 AND "wallet_lots"."expires_at" IS NOT NULL;--> statement-breakpoint
-- The ledger is append-only (docs/wallet.md): a correction is a new entry, never an edit. Hand-written
-- (drizzle-kit does not model triggers); it holds for every role, the table owner included.
CREATE FUNCTION "wallet_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_entries is append-only (% refused)', TG_OP USING ERRCODE = '55000';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "wallet_entries" FOR EACH ROW EXECUTE FUNCTION "wallet_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "wallet_entries_no_truncate" BEFORE TRUNCATE ON "wallet_entries" FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entries_append_only"();
