CREATE TABLE "identity_auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"challenge" text NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_devices" (
	"device_key" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"group_key" text NOT NULL,
	"salt_hex" text,
	"verifier_hex" text,
	"name" text,
	"remembered_status" text DEFAULT 'not_remembered' NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_modified_at" timestamp with time zone NOT NULL,
	"last_authenticated_at" timestamp with time zone,
	"last_ip" text
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_tokens" (
	"origin_jti" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"client_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"device_key" text,
	"auth_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"kid" text NOT NULL,
	"pool_id" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_signing_keys_pool_id_kid_pk" PRIMARY KEY("pool_id","kid")
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"sub" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" text NOT NULL,
	"username" text NOT NULL,
	"salt_hex" text NOT NULL,
	"verifier_hex" text NOT NULL,
	"status" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"attributes" jsonb NOT NULL,
	"sms_mfa_enabled" boolean DEFAULT false NOT NULL,
	"totp_mfa_enabled" boolean DEFAULT false NOT NULL,
	"preferred_mfa" text,
	"totp_secret" text,
	"pending_totp_secret" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"channel" text NOT NULL,
	"text" text NOT NULL,
	"code" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_codes_sub_purpose" ON "identity_codes" USING btree ("sub","purpose");--> statement-breakpoint
CREATE INDEX "identity_devices_sub" ON "identity_devices" USING btree ("sub");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_refresh_tokens_hash" ON "identity_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_sub" ON "identity_refresh_tokens" USING btree ("sub");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_pool_username" ON "identity_users" USING btree ("pool_id","username");--> statement-breakpoint
CREATE INDEX "outbox_messages_created" ON "outbox_messages" USING btree ("created_at");