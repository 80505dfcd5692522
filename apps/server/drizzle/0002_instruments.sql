CREATE TABLE "instruments" (
	"isin" text PRIMARY KEY NOT NULL,
	"wkn" text,
	"instrument_type" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"underlying_isin" text,
	"emittent_short_code" text,
	"sparplan" boolean NOT NULL,
	"fractional_trading" boolean NOT NULL,
	"weekend_trading" boolean NOT NULL,
	"knocked_out" boolean NOT NULL,
	"popularity" integer NOT NULL,
	"reference_price" numeric NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "instruments_wkn" ON "instruments" USING btree ("wkn");--> statement-breakpoint
CREATE INDEX "instruments_type" ON "instruments" USING btree ("instrument_type");--> statement-breakpoint
CREATE INDEX "instruments_underlying" ON "instruments" USING btree ("underlying_isin");--> statement-breakpoint
CREATE INDEX "instruments_popularity" ON "instruments" USING btree ("popularity","isin");