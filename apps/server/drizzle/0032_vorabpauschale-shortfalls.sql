CREATE TABLE "vorabpauschale_shortfalls" (
	"key" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"isin" text NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"tax" numeric(20, 2) NOT NULL,
	"withheld" numeric(20, 2) NOT NULL,
	"shortfall" numeric(20, 2) NOT NULL,
	"deadline" date NOT NULL,
	"status" text NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "vorabpauschale_shortfalls_sub" ON "vorabpauschale_shortfalls" USING btree ("sub","status");