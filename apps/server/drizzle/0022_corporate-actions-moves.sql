CREATE TABLE "ca_moves" (
	"booking_key" text NOT NULL,
	"sub" uuid NOT NULL,
	"isin" text NOT NULL,
	"quantity" numeric(24, 8) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "ca_moves_booking_key_isin_pk" PRIMARY KEY("booking_key","isin")
);
--> statement-breakpoint
CREATE INDEX "ca_moves_isin" ON "ca_moves" USING btree ("isin","at");