-- product_counts.total follows every insert and delete of products, whoever runs it (the
-- service, the CSV import, an organization's cascade): one row update per statement, not per row.
-- Applied with CREATE OR REPLACE after the migrations on every start (platform/db-functions.ts):
-- edit a function here, in place. The triggers that call them stay in their migrations.

CREATE OR REPLACE FUNCTION product_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts (organization_id, total)
    SELECT organization_id, count(*) FROM inserted_products GROUP BY organization_id
  ON CONFLICT (organization_id) DO UPDATE SET total = product_counts.total + excluded.total;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION product_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts
     SET total = product_counts.total - deleted.total
    FROM (SELECT organization_id, count(*) AS total FROM deleted_products
           GROUP BY organization_id) AS deleted
   WHERE product_counts.organization_id = deleted.organization_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION product_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END;
$$;
