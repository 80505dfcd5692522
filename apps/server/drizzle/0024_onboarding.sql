CREATE TABLE "bot_protection_tokens_used" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_experience" (
	"sub" uuid PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL,
	"assessed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"personal" jsonb,
	"tax" jsonb,
	"account" jsonb,
	"experience" jsonb,
	"terms" jsonb,
	"identification" jsonb,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_failures" integer DEFAULT 0 NOT NULL,
	"code_window_start" timestamp with time zone,
	"codes_in_window" integer DEFAULT 0 NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"user_sub" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bot_protection_tokens_used_expiry" ON "bot_protection_tokens_used" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_applications_open_email" ON "onboarding_applications" USING btree ("email") WHERE "onboarding_applications"."status" <> 'COMPLETED';--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_applications_token" ON "onboarding_applications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "onboarding_applications_user" ON "onboarding_applications" USING btree ("user_sub");