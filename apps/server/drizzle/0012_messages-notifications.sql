CREATE TABLE "customer_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"text_form" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"order_id" uuid,
	"ticket_id" text,
	"isin" text,
	"stop" numeric,
	"key" text
);
--> statement-breakpoint
CREATE TABLE "app_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"serial" text NOT NULL,
	"notification_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"sub" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"push" boolean NOT NULL,
	CONSTRAINT "notification_preferences_sub_kind_pk" PRIMARY KEY("sub","kind")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "document_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customer_messages_sub_created" ON "customer_messages" USING btree ("sub","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_key" ON "customer_messages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "app_pushes_serial" ON "app_pushes" USING btree ("serial","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_pushes_once" ON "app_pushes" USING btree ("notification_id","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_key" ON "notifications" USING btree ("key");--> statement-breakpoint
CREATE INDEX "notifications_undelivered" ON "notifications" USING btree ("created_at") WHERE delivered_at is null and (email or push);--> statement-breakpoint
-- The push choices move to the notification preferences (the one place they are kept).
INSERT INTO "notification_preferences" ("sub", "kind", "in_app", "email", "push")
SELECT s."sub", k.key, true, false, (k.value #>> '{}')::boolean FROM "app_settings" s, jsonb_each(s."push_kinds") k
WHERE jsonb_typeof(k.value) = 'boolean'
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "app_settings" DROP COLUMN "push_kinds";