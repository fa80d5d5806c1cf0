CREATE TABLE "drama_charts" (
	"kind" text NOT NULL,
	"rank" integer NOT NULL,
	"drama_id" bigint NOT NULL,
	"score" double precision NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drama_charts_kind_rank_pk" PRIMARY KEY("kind","rank"),
	CONSTRAINT "drama_charts_kind_known" CHECK ("drama_charts"."kind" IN ('most_watched', 'rising', 'most_collected')),
	CONSTRAINT "drama_charts_rank_positive" CHECK ("drama_charts"."rank" > 0)
);
--> statement-breakpoint
ALTER TABLE "drama_charts" ADD CONSTRAINT "drama_charts_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;