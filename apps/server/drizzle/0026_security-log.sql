CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"address" text,
	"network" text,
	"country" text,
	"device" text,
	"detail" text
);
--> statement-breakpoint
CREATE INDEX "security_events_sub_at" ON "security_events" USING btree ("sub","at","id");--> statement-breakpoint
CREATE INDEX "security_events_at" ON "security_events" USING btree ("at");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express triggers): the security log is append-only. Only the
-- retention purge may delete, and only rows older than the cutoff it sets for its own transaction
-- (set_config('kontor.purge', cutoff, true)). A transaction-local setting rather than a role or a
-- SECURITY DEFINER function: PGlite has a single user, so roles would guard nothing there, while the
-- setting works the same on both and is gone when the purge's transaction ends.
CREATE FUNCTION "security_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('kontor.purge', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' AND OLD."at" < cutoff::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'security_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "security_events_no_change" BEFORE UPDATE OR DELETE ON "security_events" FOR EACH ROW EXECUTE FUNCTION "security_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "security_events_no_truncate" BEFORE TRUNCATE ON "security_events" FOR EACH STATEMENT EXECUTE FUNCTION "security_events_append_only"();
