ALTER TABLE "tax_settings" DROP CONSTRAINT "tax_settings_pkey";--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "valid_from" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_sub_valid_from_pk" PRIMARY KEY("sub","valid_from");
