CREATE TABLE "identity_unknown_attempts" (
	"pool_id" text NOT NULL,
	"username" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_unknown_attempts_pool_id_username_pk" PRIMARY KEY("pool_id","username")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"sub" uuid PRIMARY KEY NOT NULL,
	"via" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
CREATE INDEX "identity_unknown_attempts_updated" ON "identity_unknown_attempts" USING btree ("updated_at");--> statement-breakpoint
-- Written by hand: the users the pool had before the register are taken as customers (the
-- account opening, the seed and the tests made them; the pool's own sign-up is closed from now on).
INSERT INTO "customers" ("sub", "via", "opened_at") SELECT "sub", 'EXISTING', "created_at" FROM "identity_users" WHERE "status" <> 'UNCONFIRMED' ON CONFLICT DO NOTHING;
