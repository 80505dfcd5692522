CREATE TABLE "ca_entitlements" (
	"event_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"quantity" numeric(24, 6) NOT NULL,
	"rights" numeric(24, 6) DEFAULT '0' NOT NULL,
	"fixed" boolean DEFAULT false NOT NULL,
	"booked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ca_entitlements_event_id_sub_pk" PRIMARY KEY("event_id","sub")
);
--> statement-breakpoint
CREATE TABLE "ca_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"isin" text NOT NULL,
	"target_isin" text NOT NULL,
	"rights_isin" text,
	"ratio_old" numeric(20, 6) NOT NULL,
	"ratio_new" numeric(20, 6) NOT NULL,
	"price" numeric(20, 6),
	"dividend" numeric(20, 6),
	"foreign_dividend" numeric(20, 6),
	"currency" text,
	"record_date" date NOT NULL,
	"ex_date" date NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"rights_trading_end" timestamp with time zone,
	"pay_date" date NOT NULL,
	"announced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ca_instructions" (
	"event_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"option" text NOT NULL,
	"quantity" numeric(24, 6),
	"source" text NOT NULL,
	"reserved" numeric(20, 2) DEFAULT '0' NOT NULL,
	"binding" boolean DEFAULT false NOT NULL,
	"instructed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ca_instructions_event_id_sub_pk" PRIMARY KEY("event_id","sub")
);
--> statement-breakpoint
CREATE INDEX "ca_entitlements_sub" ON "ca_entitlements" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "ca_events_isin" ON "ca_events" USING btree ("isin");--> statement-breakpoint
CREATE INDEX "ca_events_rights_isin" ON "ca_events" USING btree ("rights_isin");