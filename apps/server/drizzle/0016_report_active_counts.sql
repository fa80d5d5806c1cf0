CREATE TABLE "report_active_counts" (
	"period" text NOT NULL,
	"start" date NOT NULL,
	"active" integer NOT NULL,
	"signed_in" integer NOT NULL,
	CONSTRAINT "report_active_counts_period_start_pk" PRIMARY KEY("period","start"),
	CONSTRAINT "report_active_counts_period_known" CHECK ("report_active_counts"."period" IN ('day', 'week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "report_viewer_periods" (
	"period" text NOT NULL,
	"start" date NOT NULL,
	"viewer_key" text NOT NULL,
	CONSTRAINT "report_viewer_periods_period_start_viewer_key_pk" PRIMARY KEY("period","start","viewer_key"),
	CONSTRAINT "report_viewer_periods_period_known" CHECK ("report_viewer_periods"."period" IN ('week', 'month'))
);
