CREATE TABLE "tax_events" (
	"id" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"isin" text,
	"name" text NOT NULL,
	"execution_id" text,
	"foreign_tax" numeric(20, 2) DEFAULT '0' NOT NULL,
	"calculation" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"sub" uuid PRIMARY KEY NOT NULL,
	"church_tax" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_years" (
	"sub" uuid NOT NULL,
	"year" integer NOT NULL,
	"share_gains" numeric(20, 2) DEFAULT '0' NOT NULL,
	"share_losses" numeric(20, 2) DEFAULT '0' NOT NULL,
	"other_income" numeric(20, 2) DEFAULT '0' NOT NULL,
	"other_losses" numeric(20, 2) DEFAULT '0' NOT NULL,
	"foreign_tax" numeric(20, 2) DEFAULT '0' NOT NULL,
	"carried_shares" numeric(20, 2) DEFAULT '0' NOT NULL,
	"carried_other" numeric(20, 2) DEFAULT '0' NOT NULL,
	"certified_shares" numeric(20, 2) DEFAULT '0' NOT NULL,
	"certified_other" numeric(20, 2) DEFAULT '0' NOT NULL,
	"capital_gains_tax" numeric(20, 2) DEFAULT '0' NOT NULL,
	"solidarity_surcharge" numeric(20, 2) DEFAULT '0' NOT NULL,
	"church_tax" numeric(20, 2) DEFAULT '0' NOT NULL,
	"withholding_tax_credited" numeric(20, 2) DEFAULT '0' NOT NULL,
	"allowance_used" numeric(20, 2) DEFAULT '0' NOT NULL,
	"loss_pot_shares" numeric(20, 2) DEFAULT '0' NOT NULL,
	"loss_pot_other" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "tax_years_sub_year_pk" PRIMARY KEY("sub","year")
);
--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "remaining_vorabpauschale" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "tax_events_sub_year" ON "tax_events" USING btree ("sub","year","at");--> statement-breakpoint
CREATE INDEX "tax_events_execution" ON "tax_events" USING btree ("execution_id");