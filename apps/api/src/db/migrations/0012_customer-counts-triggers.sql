-- customer_counts.total follows every insert and delete of customers, whoever runs it (the
-- service, a bulk load, an organization's cascade): one row update per statement, not per row.
CREATE FUNCTION customer_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_counts (organization_id, total)
    SELECT organization_id, count(*) FROM inserted_customers GROUP BY organization_id
  ON CONFLICT (organization_id) DO UPDATE SET total = customer_counts.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_count_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS inserted_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_after_insert();
--> statement-breakpoint
CREATE FUNCTION customer_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts
     SET total = customer_counts.total - deleted.total
    FROM (SELECT organization_id, count(*) AS total FROM deleted_customers
           GROUP BY organization_id) AS deleted
   WHERE customer_counts.organization_id = deleted.organization_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_count_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS deleted_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_after_delete();
--> statement-breakpoint
CREATE FUNCTION customer_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_count_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_after_truncate();
--> statement-breakpoint
-- A customer never moves to another organization, so updates leave the counts alone.
INSERT INTO customer_counts (organization_id, total)
  SELECT organization_id, count(*) FROM customers GROUP BY organization_id
ON CONFLICT (organization_id) DO UPDATE SET total = excluded.total;
