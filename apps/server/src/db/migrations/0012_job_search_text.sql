-- What the job list's search (q) matches, kept with the row: the job name and the molecule's name as the table
-- shows it (moleculeName in the contract: each atom's first token, 'N2' for two atoms of one element, else the
-- symbols in order), lower-cased and joined by a line feed: neither holds one, nor can a search (the server
-- refuses line breaks in a query string), so no match spans the two. A search then costs one strpos over a short
-- text per row instead of two regexp_replace over the hyperparameters.
ALTER TABLE "jobs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower("job_name") || E'\n' || lower(replace(regexp_replace(
    btrim(regexp_replace(regexp_replace(coalesce("hyperparameters"->>'molecule_geometry', ''),
      '([^;\s,]+)[^;]*', '\1', 'g'), '[;\s]+', ' ', 'g')),
    '^(\S+) \1$', '\1' || '2'), ' ', ''))
) STORED;
