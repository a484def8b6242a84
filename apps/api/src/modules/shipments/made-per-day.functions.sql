-- shipments_made_daily (activity.tables.ts): the guides made (bought, not cancelled) per
-- organization, Mexico City day of creation, carrier and destination state. Called by the
-- deferred row triggers shipments_made_daily_{insert,update,delete} (migration 0049), whose WHEN
-- lets through only a change of what counts: the row leaves its old key and joins its new one.
-- A count left at zero stays as a row; a key whose organization was deleted is simply gone.
CREATE OR REPLACE FUNCTION shipments_made_daily_follow() RETURNS trigger
LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.purchase_state = 'purchased' AND OLD.status <> 'cancelled' THEN
      UPDATE shipments_made_daily AS m SET count = m.count - 1
       WHERE m.organization_id = OLD.organization_id
         AND m.day = (OLD.created_at AT TIME ZONE 'America/Mexico_City')::date
         AND m.carrier_key = OLD.carrier_key
         AND m.destination_state IS NOT DISTINCT FROM OLD.destination_state;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.purchase_state = 'purchased' AND NEW.status <> 'cancelled' THEN
      INSERT INTO shipments_made_daily AS m
          (organization_id, day, carrier_key, destination_state, count)
        VALUES (NEW.organization_id, (NEW.created_at AT TIME ZONE 'America/Mexico_City')::date,
                NEW.carrier_key, NEW.destination_state, 1)
      ON CONFLICT (organization_id, day, carrier_key, destination_state)
        DO UPDATE SET count = m.count + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
