CREATE TABLE "collection_products" (
	"organization_id" uuid NOT NULL,
	"collection_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_products_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"position" integer,
	"file_id" uuid NOT NULL,
	"thumbnail_file_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"file_id" uuid,
	"file_name" text NOT NULL,
	"language" text NOT NULL,
	"rows_total" integer NOT NULL,
	"products_total" integer NOT NULL,
	"products_done" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors_more" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "product_imports_status_check" CHECK ("product_imports"."status" in ('invalid', 'queued', 'running', 'done', 'failed')),
	CONSTRAINT "product_imports_progress_check" CHECK ("product_imports"."products_done" >= 0 and "product_imports"."products_done" <= "product_imports"."products_total")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"sku" text,
	"barcode" text,
	"price_centavos" bigint,
	"cost_centavos" bigint,
	"weight" numeric(10, 3),
	"length" numeric(10, 2),
	"width" numeric(10, 2),
	"height" numeric(10, 2),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_variants_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "product_variants_money_check" CHECK (coalesce("product_variants"."price_centavos", 0) >= 0 and coalesce("product_variants"."cost_centavos", 0) >= 0),
	CONSTRAINT "product_variants_option_values_check" CHECK (coalesce(array_length("product_variants"."option_values", 1), 0) <= 3)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"tariff_status" text DEFAULT 'UNCLASSIFIED' NOT NULL,
	"vendor_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cost_centavos" bigint,
	"compare_at_centavos" bigint,
	"unit" text NOT NULL,
	"weight" numeric(10, 3),
	"length" numeric(10, 2),
	"width" numeric(10, 2),
	"height" numeric(10, 2),
	"brand" text,
	"model" text,
	"size" text,
	"use" text,
	"materials" text,
	"sat_unit_code" text,
	"sat_product_code" text,
	"origin_country" text,
	"manufacture_country" text,
	"website" text,
	"datasheet_file_id" uuid,
	"tariff_fraction" text,
	"tariff_nico" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('ACTIVE', 'DRAFT', 'ARCHIVED')),
	CONSTRAINT "products_tariff_status_check" CHECK ("products"."tariff_status" in ('UNCLASSIFIED', 'IN_CLASSIFICATION', 'PROCESS_CLASSIFICATION', 'IN_REVIEW', 'CLASSIFIED', 'NOT_CLASSIFIABLE', 'REJECT')),
	CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('cm_kg', 'in_lb')),
	CONSTRAINT "products_tariff_code_check" CHECK (("products"."tariff_fraction" is null and "products"."tariff_nico" is null) or ("products"."tariff_fraction" ~ '^[0-9]{8}$' and ("products"."tariff_nico" is null or "products"."tariff_nico" ~ '^[0-9]{2}$'))),
	CONSTRAINT "products_money_check" CHECK (coalesce("products"."cost_centavos", 0) >= 0 and coalesce("products"."compare_at_centavos", 0) >= 0),
	CONSTRAINT "products_options_check" CHECK (jsonb_array_length("products"."options") <= 3)
);
--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Before the foreign key that needs it.
CREATE UNIQUE INDEX "vendors_organization_id_unique" ON "vendors" USING btree ("organization_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_products_product" ON "collection_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_organization_name_unique" ON "collections" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_images_product" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_images_unclaimed" ON "product_images" USING btree ("created_at") WHERE "product_images"."product_id" is null;--> statement-breakpoint
CREATE INDEX "product_imports_organization" ON "product_imports" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_id_unique" ON "product_variants" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("organization_id",lower("sku")) WHERE "product_variants"."sku" is not null;--> statement-breakpoint
CREATE INDEX "product_variants_barcode" ON "product_variants" USING btree ("organization_id","barcode");--> statement-breakpoint
CREATE INDEX "product_variants_product" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_organization_handle_unique" ON "products" USING btree ("organization_id","handle");--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_organization_updated" ON "products" USING btree ("organization_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_organization_created" ON "products" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_organization_name" ON "products" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "products_organization_status" ON "products" USING btree ("organization_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_tags" ON "products" USING gin ("tags");