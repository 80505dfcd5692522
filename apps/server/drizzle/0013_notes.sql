CREATE TABLE "notice_dismissals" (
	"sub" uuid NOT NULL,
	"notice_id" text NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_dismissals_sub_notice_id_pk" PRIMARY KEY("sub","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"pages" text[] NOT NULL,
	"level" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"link_label" text,
	"isin" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"audience_sub" uuid
);
--> statement-breakpoint
CREATE TABLE "own_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"subject" text NOT NULL,
	"isin" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_dismissals" ADD CONSTRAINT "notice_dismissals_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_audience" ON "notices" USING btree ("audience_sub");--> statement-breakpoint
CREATE INDEX "own_notes_sub_isin" ON "own_notes" USING btree ("sub","isin");