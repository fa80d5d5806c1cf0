CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"username" text,
	"avatar" text DEFAULT '' NOT NULL,
	"coin" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_coin_nonnegative" CHECK ("users"."coin" >= 0)
);
