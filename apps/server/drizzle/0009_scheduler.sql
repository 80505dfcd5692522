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
CREATE INDEX "scheduled_jobs_pending" ON "scheduled_jobs" USING btree ("run_after") WHERE "scheduled_jobs"."state" = 'pending';