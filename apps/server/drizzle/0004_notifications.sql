CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"isin" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"isin" text NOT NULL,
	"direction" text NOT NULL,
	"price" numeric NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"triggered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notifications_sub_created" ON "notifications" USING btree ("sub","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_sub" ON "price_alerts" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "price_alerts_open" ON "price_alerts" USING btree ("isin","triggered_at");