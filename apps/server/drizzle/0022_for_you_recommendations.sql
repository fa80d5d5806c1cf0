CREATE TABLE "drama_neighbours" (
	"drama_id" bigint NOT NULL,
	"neighbour_id" bigint NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "drama_neighbours_drama_id_neighbour_id_pk" PRIMARY KEY("drama_id","neighbour_id"),
	CONSTRAINT "drama_neighbours_score_positive" CHECK ("drama_neighbours"."score" > 0),
	CONSTRAINT "drama_neighbours_not_itself" CHECK ("drama_neighbours"."drama_id" <> "drama_neighbours"."neighbour_id")
);
--> statement-breakpoint
CREATE TABLE "drama_trending" (
	"drama_id" bigint PRIMARY KEY NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "drama_trending_viewers_positive" CHECK ("drama_trending"."viewers" > 0)
);
--> statement-breakpoint
ALTER TABLE "drama_neighbours" ADD CONSTRAINT "drama_neighbours_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drama_neighbours" ADD CONSTRAINT "drama_neighbours_neighbour_id_dramas_id_fk" FOREIGN KEY ("neighbour_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drama_trending" ADD CONSTRAINT "drama_trending_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;