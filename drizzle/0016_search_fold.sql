-- Game search (ADR 097): trigram matching (pg_trgm) on names folded with unaccent. Both are
-- "trusted" extensions (PostgreSQL 13+): a database owner may create them without superuser.
-- The embedded database registers PGlite's builds of the same extensions (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- The one folding of names, aliases and queries: accents off, lower case, every run of characters
-- that are neither letters nor digits one space. unaccent() is only STABLE (its rules file could
-- change), so it may not be used in a stored generated column or an index; this wrapper promises
-- IMMUTABLE, which holds while the unaccent rules are not edited (after editing them, recompute
-- the folded columns: UPDATE game_translations SET name = name, and the same for game_aliases).
-- Names are schema-qualified and the body is parsed at creation (RETURN), so a restore or another
-- search_path finds the same functions.
CREATE FUNCTION public.search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, value)), '[^[:alnum:]]+', ' ', 'g'));
