CREATE TABLE "report_coin_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"entries" bigint NOT NULL,
	"coins" bigint NOT NULL,
	CONSTRAINT "report_coin_days_day_kind_pk" PRIMARY KEY("day","kind")
);
