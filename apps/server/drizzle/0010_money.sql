CREATE TABLE "direct_debits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"credited_at_once" numeric(20, 2) NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"settlement_date" date NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "incoming_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"booking_date" date NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"sub" uuid PRIMARY KEY NOT NULL,
	"mandate_reference" text NOT NULL,
	"creditor_id" text NOT NULL,
	"iban" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sepa_mandates_mandate_reference_unique" UNIQUE("mandate_reference")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"iban" text NOT NULL,
	"state" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"execution_date" date NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reference_accounts" (
	"sub" uuid PRIMARY KEY NOT NULL,
	"iban" text NOT NULL,
	"holder" text NOT NULL,
	"bic" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "direct_debits_sub" ON "direct_debits" USING btree ("sub","requested_at");--> statement-breakpoint
CREATE INDEX "incoming_transfers_sub" ON "incoming_transfers" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "payouts_sub" ON "payouts" USING btree ("sub","ordered_at");