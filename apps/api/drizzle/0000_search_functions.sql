-- array_to_string is only STABLE, so a generated column cannot call it; features are plain text, so this wrapper
-- is truly immutable and lets the cars' search document be a generated column.
CREATE OR REPLACE FUNCTION autoreel_text_array_to_string(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$;
