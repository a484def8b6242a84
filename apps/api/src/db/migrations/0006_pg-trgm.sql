-- Trigram indexes (GIN gin_trgm_ops) for substring search, first used by customers.search_text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
