-- Written by hand: existing lines take their shipment's organization before the column is required.
ALTER TABLE "shipment_products" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "shipment_products" SET "organization_id" = "shipments"."organization_id" FROM "shipments" WHERE "shipments"."id" = "shipment_products"."shipment_id";--> statement-breakpoint
ALTER TABLE "shipment_products" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_products" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "shipment_products" ADD CONSTRAINT "shipment_products_variant_fk" FOREIGN KEY ("organization_id","variant_id") REFERENCES "public"."product_variants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_products_variant" ON "shipment_products" USING btree ("organization_id","variant_id") WHERE "shipment_products"."variant_id" is not null;