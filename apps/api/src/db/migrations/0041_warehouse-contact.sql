ALTER TABLE "warehouse_addresses" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "warehouse_addresses" ADD COLUMN "contact_email" text;