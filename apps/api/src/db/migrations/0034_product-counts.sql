CREATE TABLE "product_counts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_counts" ADD CONSTRAINT "product_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The triggers that keep product_counts; their functions live in
-- modules/products/product-counts.functions.sql, applied right after the migrations on every
-- start. These placeholders only let the triggers be created first.
CREATE OR REPLACE FUNCTION product_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'product-counts.functions.sql not applied'; END; $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'product-counts.functions.sql not applied'; END; $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'product-counts.functions.sql not applied'; END; $$;--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_insert();--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_delete();--> statement-breakpoint
CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_truncate();--> statement-breakpoint
-- A product never moves to another organization, so updates leave the counts alone.
INSERT INTO product_counts (organization_id, total)
  SELECT organization_id, count(*) FROM products GROUP BY organization_id
ON CONFLICT (organization_id) DO UPDATE SET total = excluded.total;
