CREATE TABLE "executions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"sub" uuid NOT NULL,
	"isin" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(24, 8) NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"currency" text NOT NULL,
	"fx_rate" numeric(20, 8) NOT NULL,
	"value" numeric(20, 2) NOT NULL,
	"fee" numeric(20, 2) NOT NULL,
	"realised_pnl" numeric(20, 2),
	"executed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"isin" text NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"cancel_status" text,
	"open" boolean NOT NULL,
	"state" jsonb NOT NULL,
	"costs" jsonb,
	"reserved" numeric(20, 2) NOT NULL,
	"blocked" numeric(24, 8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "executions_order" ON "executions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "executions_sub" ON "executions" USING btree ("sub","executed_at");--> statement-breakpoint
CREATE INDEX "orders_sub_created" ON "orders" USING btree ("sub","created_at");--> statement-breakpoint
CREATE INDEX "orders_open" ON "orders" USING btree ("open","isin");