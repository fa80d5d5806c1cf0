CREATE TYPE "public"."episode_import_state" AS ENUM('uploading', 'queued', 'probing', 'transcoding', 'storing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "episode_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"drama_id" bigint NOT NULL,
	"episode_number" integer NOT NULL,
	"upload_id" text NOT NULL,
	"operator_id" bigint,
	"filename" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"state" "episode_import_state" DEFAULT 'uploading' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" integer,
	"error_message" text,
	"episode_id" bigint,
	"replaced" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "episode_imports_percent_range" CHECK ("episode_imports"."percent" BETWEEN 0 AND 100),
	CONSTRAINT "episode_imports_number_positive" CHECK ("episode_imports"."episode_number" >= 1),
	CONSTRAINT "episode_imports_size_nonnegative" CHECK ("episode_imports"."size_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "episode_imports" ADD CONSTRAINT "episode_imports_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_imports" ADD CONSTRAINT "episode_imports_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_imports" ADD CONSTRAINT "episode_imports_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episode_imports_upload_unique" ON "episode_imports" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "episode_imports_drama_idx" ON "episode_imports" USING btree ("drama_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "episode_imports_in_flight_unique" ON "episode_imports" USING btree ("drama_id","episode_number") WHERE "episode_imports"."state" NOT IN ('ready', 'failed');--> statement-breakpoint
CREATE INDEX "episode_imports_unfinished_idx" ON "episode_imports" USING btree ("state","updated_at") WHERE "episode_imports"."state" NOT IN ('ready', 'failed');