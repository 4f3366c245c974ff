-- Public reads are cached in each server process (apps/server/src/plugins/public-cache.ts). Every
-- write to a table they read from, whatever code makes it, tells every copy through NOTIFY, once per
-- statement, with the table's name: no write path has to remember to invalidate.
CREATE FUNCTION public_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['shop', 'barbers', 'barber_services', 'products', 'product_images', 'product_stock'] LOOP
    EXECUTE format(
      'CREATE TRIGGER public_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify()',
      watched
    );
  END LOOP;
END
$$;
