CREATE TABLE "savings_blocks" (
	"date" date NOT NULL,
	"isin" text NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"fx_rate" numeric(20, 8) NOT NULL,
	"quantity" numeric(24, 8) NOT NULL,
	"value" numeric(20, 2) NOT NULL,
	"executed" integer NOT NULL,
	"failed" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "savings_blocks_date_isin_pk" PRIMARY KEY("date","isin")
);
--> statement-breakpoint
CREATE TABLE "savings_plan_executions" (
	"plan_id" uuid NOT NULL,
	"date" date NOT NULL,
	"sub" uuid NOT NULL,
	"state" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"quantity" numeric(24, 8),
	"price" numeric(20, 6),
	"value" numeric(20, 2),
	"fee" numeric(20, 2),
	"order_id" uuid,
	"document_id" uuid,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "savings_plan_executions_plan_id_date_pk" PRIMARY KEY("plan_id","date")
);
--> statement-breakpoint
CREATE TABLE "savings_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"isin" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"interval" text NOT NULL,
	"day" integer NOT NULL,
	"dynamic_percent" integer NOT NULL,
	"payment" text NOT NULL,
	"first_date" date NOT NULL,
	"increases" integer DEFAULT 0 NOT NULL,
	"next_nominal" date,
	"next_date" date,
	"state" text NOT NULL,
	"pending" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "savings_plans_sub" ON "savings_plans" USING btree ("sub","created_at");--> statement-breakpoint
CREATE INDEX "savings_plans_due" ON "savings_plans" USING btree ("isin","next_date") WHERE "savings_plans"."state" in ('active', 'atwork');--> statement-breakpoint
CREATE UNIQUE INDEX "savings_plans_one_per_instrument" ON "savings_plans" USING btree ("sub","isin") WHERE "savings_plans"."state" <> 'deleted';