CREATE TABLE "authorisation_lockouts" (
	"sub" uuid PRIMARY KEY NOT NULL,
	"wrong_in_a_row" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
