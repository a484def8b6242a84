-- tariff_fraction_words (tariff-fractions.tables.ts): every distinct word of the catalogue's
-- normalized descriptions, derived again by each import in its transaction.
CREATE OR REPLACE FUNCTION tariff_fraction_words_refresh() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM tariff_fraction_words;
  INSERT INTO tariff_fraction_words (word)
    SELECT DISTINCT word
      FROM tariff_fractions, regexp_split_to_table(search_description, ' ') AS word
     WHERE word <> '';
$$;

-- A catalogue imported before the words existed gets them once, at the next start.
SELECT tariff_fraction_words_refresh()
 WHERE NOT EXISTS (SELECT 1 FROM tariff_fraction_words)
   AND EXISTS (SELECT 1 FROM tariff_fractions);
