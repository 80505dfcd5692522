DROP INDEX "customer_documents_page";--> statement-breakpoint
DROP INDEX "customer_documents_category";--> statement-breakpoint
DROP INDEX "customer_documents_unread";--> statement-breakpoint
CREATE INDEX "customer_documents_savings_plan" ON "customer_documents" USING btree ("sub","issued_at","id") WHERE "customer_documents"."savings_plan";--> statement-breakpoint
CREATE INDEX "customer_documents_page" ON "customer_documents" USING btree ("sub","issued_at","id");--> statement-breakpoint
CREATE INDEX "customer_documents_category" ON "customer_documents" USING btree ("sub","category","issued_at","id");--> statement-breakpoint
CREATE INDEX "customer_documents_unread" ON "customer_documents" USING btree ("sub","issued_at","id") WHERE "customer_documents"."read_at" is null;