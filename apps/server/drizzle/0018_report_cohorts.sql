CREATE TABLE "report_cohorts" (
	"first_day" date PRIMARY KEY NOT NULL,
	"new_viewers" integer NOT NULL,
	"d1" integer NOT NULL,
	"d7" integer NOT NULL
);
