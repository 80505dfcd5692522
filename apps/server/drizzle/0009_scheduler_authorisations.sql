CREATE TABLE "authorisation_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"type" text NOT NULL,
	"summary" text NOT NULL,
	"digest" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_to" text NOT NULL,
	"to_new_number" boolean DEFAULT false NOT NULL,
	"tan_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"authorization_id" text,
	"device_serial" text,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_devices" (
	"serial" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"name" text NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"sub" uuid PRIMARY KEY NOT NULL,
	"default_factor" text DEFAULT 'SMS' NOT NULL,
	"approve_sign_ins" boolean DEFAULT false NOT NULL,
	"push_kinds" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approved_sessions" (
	"sub" uuid NOT NULL,
	"session" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "approved_sessions_sub_session_pk" PRIMARY KEY("sub","session")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "scheduled_jobs_kind_key_pk" PRIMARY KEY("kind","key"),
	CONSTRAINT "scheduled_jobs_state" CHECK ("scheduled_jobs"."state" in ('pending', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "authorisation_challenges_sub" ON "authorisation_challenges" USING btree ("sub","created_at");--> statement-breakpoint
CREATE INDEX "authorisation_challenges_device" ON "authorisation_challenges" USING btree ("device_serial","state");--> statement-breakpoint
CREATE INDEX "app_devices_sub" ON "app_devices" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "scheduled_jobs_pending" ON "scheduled_jobs" USING btree ("run_after") WHERE "scheduled_jobs"."state" = 'pending';