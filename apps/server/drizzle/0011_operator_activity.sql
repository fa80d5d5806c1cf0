ALTER TABLE "operators" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operator_audit_log_target_idx" ON "operator_audit_log" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_action_idx" ON "operator_audit_log" USING btree ("action" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_at_idx" ON "operator_audit_log" USING btree ("at");