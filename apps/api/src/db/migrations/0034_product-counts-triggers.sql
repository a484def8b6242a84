-- product_counts.total follows every insert and delete of products, whoever runs it (the
-- service, the CSV import, an organization's cascade): one row update per statement, not per row.
CREATE FUNCTION product_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts (organization_id, total)
    SELECT organization_id, count(*) FROM inserted_products GROUP BY organization_id
  ON CONFLICT (organization_id) DO UPDATE SET total = product_counts.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_insert();
--> statement-breakpoint
CREATE FUNCTION product_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts
     SET total = product_counts.total - deleted.total
    FROM (SELECT organization_id, count(*) AS total FROM deleted_products
           GROUP BY organization_id) AS deleted
   WHERE product_counts.organization_id = deleted.organization_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_delete();
--> statement-breakpoint
CREATE FUNCTION product_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_truncate();
--> statement-breakpoint
-- A product never moves to another organization, so updates leave the counts alone.
INSERT INTO product_counts (organization_id, total)
  SELECT organization_id, count(*) FROM products GROUP BY organization_id
ON CONFLICT (organization_id) DO UPDATE SET total = excluded.total;
