CREATE TABLE "bookings" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sub" uuid NOT NULL,
	"booked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bookings_sub" ON "bookings" USING btree ("sub","booked_at");