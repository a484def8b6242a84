-- products.collection_ids follows collection_products, whoever writes it (a product's save, a
-- bulk action, a collection's screen, a cascade): one UPDATE per statement. Each change is
-- applied to the product row as it is when locked (append, remove), so two saves at once that
-- link the same product to different collections both land.
-- Applied with CREATE OR REPLACE after the migrations on every start (platform/db-functions.ts);
-- the triggers that call them are in their migration.

CREATE OR REPLACE FUNCTION collection_products_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
     SET collection_ids = p.collection_ids || added.ids
    FROM (SELECT product_id, array_agg(collection_id) AS ids FROM added_links
           GROUP BY product_id) AS added
   WHERE p.id = added.product_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION collection_products_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
     SET collection_ids = array(SELECT c FROM unnest(p.collection_ids) AS c
                                 WHERE c <> ALL (removed.ids))
    FROM (SELECT product_id, array_agg(collection_id) AS ids FROM removed_links
           GROUP BY product_id) AS removed
   WHERE p.id = removed.product_id;
  RETURN NULL;
END;
$$;
