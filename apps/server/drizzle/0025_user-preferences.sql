CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"old_email" text,
	"new_email" text NOT NULL,
	"state" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_settings" ADD COLUMN "theme" text;--> statement-breakpoint
ALTER TABLE "customer_settings" ADD COLUMN "default_order_validity" text;--> statement-breakpoint
ALTER TABLE "customer_settings" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "customer_settings" ADD COLUMN "ad_agree" boolean;--> statement-breakpoint
ALTER TABLE "customer_settings" ADD COLUMN "ad_agree_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_changes_sub" ON "email_changes" USING btree ("sub","created_at");