ALTER TABLE "products" ADD COLUMN "collection_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_collections" ON "products" USING gin ("collection_ids");--> statement-breakpoint
-- The triggers that keep products.collection_ids; their functions live in
-- modules/products/collection-products.functions.sql, applied right after the migrations on
-- every start. These placeholders only let the triggers be created first.
CREATE OR REPLACE FUNCTION collection_products_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'collection-products.functions.sql not applied'; END; $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_products_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'collection-products.functions.sql not applied'; END; $$;--> statement-breakpoint
CREATE TRIGGER collection_products_insert AFTER INSERT ON collection_products
  REFERENCING NEW TABLE AS added_links
  FOR EACH STATEMENT EXECUTE FUNCTION collection_products_after_insert();--> statement-breakpoint
CREATE TRIGGER collection_products_delete AFTER DELETE ON collection_products
  REFERENCING OLD TABLE AS removed_links
  FOR EACH STATEMENT EXECUTE FUNCTION collection_products_after_delete();--> statement-breakpoint
-- Products already in collections.
UPDATE products p
   SET collection_ids = links.ids
  FROM (SELECT product_id, array_agg(collection_id) AS ids FROM collection_products
         GROUP BY product_id) AS links
 WHERE p.id = links.product_id;
