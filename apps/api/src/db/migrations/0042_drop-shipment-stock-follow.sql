-- Issue 21: a label's stock follows its reservation through inventory's own function
-- (stock_follow_reservation, stock.functions.sql); shipments' copy of the verbs is gone.
DROP FUNCTION IF EXISTS shipment_stock_follow(uuid, uuid, text, text, text, timestamptz);
