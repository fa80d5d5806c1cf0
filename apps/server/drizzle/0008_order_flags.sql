ALTER TABLE "orders" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_reason" text;--> statement-breakpoint
CREATE INDEX "orders_flagged_idx" ON "orders" USING btree ("flagged_at") WHERE "orders"."flagged_at" IS NOT NULL;