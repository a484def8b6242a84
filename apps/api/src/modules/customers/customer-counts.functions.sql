-- customer_counts.total follows every insert and delete of customers, whoever runs it (the
-- service, a bulk load, an organization's cascade): one row update per statement, not per row.
-- Applied with CREATE OR REPLACE after the migrations on every start (platform/db-functions.ts):
-- edit a function here, in place. The triggers that call them stay in their migrations.

CREATE OR REPLACE FUNCTION customer_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_counts (organization_id, total)
    SELECT organization_id, count(*) FROM inserted_customers GROUP BY organization_id
  ON CONFLICT (organization_id) DO UPDATE SET total = customer_counts.total + excluded.total;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION customer_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts
     SET total = customer_counts.total - deleted.total
    FROM (SELECT organization_id, count(*) AS total FROM deleted_customers
           GROUP BY organization_id) AS deleted
   WHERE customer_counts.organization_id = deleted.organization_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION customer_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_counts;
  RETURN NULL;
END;
$$;
