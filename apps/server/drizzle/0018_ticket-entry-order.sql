DROP INDEX "ticket_entries_ticket";--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_entries_ticket" ON "ticket_entries" USING btree ("ticket_id","seq");