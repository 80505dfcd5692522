CREATE TABLE "customer_settings" (
	"sub" uuid PRIMARY KEY NOT NULL,
	"address" jsonb,
	"tax_residences" jsonb,
	"portfolio_report_due_date" text,
	"crypto_address_confirmed_at" timestamp with time zone,
	"id_document_valid_until" date,
	"lombard_documents_confirmed_at" timestamp with time zone,
	"lombard_confirmed_documents" jsonb,
	"termination_requested_at" timestamp with time zone,
	"termination_reason" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exemption_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"precondition_year" integer NOT NULL,
	"joint" jsonb,
	"ticket_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loss_certificates" (
	"sub" uuid NOT NULL,
	"year" integer NOT NULL,
	"stocks" numeric(20, 2),
	"other" numeric(20, 2),
	"ticket_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loss_certificates_sub_year_pk" PRIMARY KEY("sub","year")
);
--> statement-breakpoint
CREATE TABLE "ticket_attachment_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"sub" uuid NOT NULL,
	"entry_id" uuid,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"media_type" text NOT NULL,
	"is_agent_attachment" boolean NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"sub" uuid NOT NULL,
	"date_time" timestamp with time zone NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"entry_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"data" jsonb NOT NULL,
	"outcome" text,
	"version" integer DEFAULT 0 NOT NULL,
	"asked" boolean DEFAULT false NOT NULL,
	"unread" boolean DEFAULT false NOT NULL,
	"last_entry" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "exemption_orders_sub" ON "exemption_orders" USING btree ("sub","valid_from");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket" ON "ticket_attachments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_attachments_entry" ON "ticket_attachments" USING btree ("entry_id") WHERE "ticket_attachments"."entry_id" is not null;--> statement-breakpoint
CREATE INDEX "ticket_entries_ticket" ON "ticket_entries" USING btree ("ticket_id","date_time");--> statement-breakpoint
CREATE INDEX "tickets_sub" ON "tickets" USING btree ("sub","updated_at");