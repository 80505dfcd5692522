DROP TABLE "customer_documents" CASCADE;--> statement-breakpoint
CREATE TABLE "customer_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"savings_plan" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"pdf_title" text,
	"pdf_isin" text,
	"isins" text[] DEFAULT '{}'::text[] NOT NULL,
	"search" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"pdf" "bytea",
	"pdf_size" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_documents_dedupe" ON "customer_documents" USING btree ("sub","dedupe_key");--> statement-breakpoint
CREATE INDEX "customer_documents_page" ON "customer_documents" USING btree ("sub","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_documents_category" ON "customer_documents" USING btree ("sub","category","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_documents_unread" ON "customer_documents" USING btree ("sub","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "customer_documents"."read_at" is null;--> statement-breakpoint
CREATE INDEX "customer_documents_unrendered" ON "customer_documents" USING btree ("issued_at") WHERE "customer_documents"."pdf" is null;