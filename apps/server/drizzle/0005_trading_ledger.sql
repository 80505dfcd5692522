CREATE TABLE "customer_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"kind" text NOT NULL,
	"pdf_title" text NOT NULL,
	"pdf_isin" text,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"sub" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_sub_key_pk" PRIMARY KEY("sub","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"account" text PRIMARY KEY NOT NULL,
	"balance" numeric(20, 2) NOT NULL,
	CONSTRAINT "customer_balance_not_negative" CHECK ("ledger_balances"."account" not like 'customer:%' or "ledger_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"kind" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"isin" text NOT NULL,
	"quantity" numeric(24, 8) NOT NULL,
	"remaining" numeric(24, 8) NOT NULL,
	"cost" numeric(20, 2) NOT NULL,
	"remaining_cost" numeric(20, 2) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"execution_id" uuid,
	CONSTRAINT "lot_remaining_within_quantity" CHECK ("lots"."remaining" >= 0 and "lots"."remaining" <= "lots"."quantity")
);
--> statement-breakpoint
CREATE TABLE "trading_confirmations" (
	"sub" uuid NOT NULL,
	"kind" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trading_confirmations_sub_kind_pk" PRIMARY KEY("sub","kind")
);
--> statement-breakpoint
CREATE INDEX "customer_documents_sub" ON "customer_documents" USING btree ("sub","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_account" ON "ledger_postings" USING btree ("account","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_tx" ON "ledger_postings" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "lots_sub_isin" ON "lots" USING btree ("sub","isin","opened_at");