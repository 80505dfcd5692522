CREATE TABLE "session_activity" (
	"session" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL
);
