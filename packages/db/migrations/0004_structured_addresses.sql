-- Barber and user addresses become the contract's structured Address (packages/contract/src/address.ts),
-- like the shop's. Text written as "line1[, line2], City, ST 12345" (what formatAddress prints, and
-- what the seed wrote) is split into its fields, in the US; any other text is kept whole in line1
-- with the other fields empty, for an admin to complete the next time the address is edited. A blank
-- user address becomes no address (null). No text is lost.
CREATE FUNCTION address_from_line(line text) RETURNS jsonb LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE
    WHEN parts IS NULL THEN jsonb_build_object(
      'line1', trim(line), 'line2', '', 'city', '', 'state', '', 'postal_code', '', 'country', '')
    ELSE jsonb_build_object(
      'line1', trim(split_part(parts[1], ',', 1)),
      'line2', trim(substr(parts[1], length(split_part(parts[1], ',', 1)) + 2)),
      'city', trim(parts[2]),
      'state', parts[3],
      'postal_code', parts[4],
      'country', 'US')
  END
  FROM (SELECT regexp_match(trim(line), '^(.+),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5}(-\d{4})?)$') AS parts) AS parsed
$$;
--> statement-breakpoint
ALTER TABLE "barbers" ALTER COLUMN "address" SET DATA TYPE jsonb USING address_from_line("address");--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "address" SET DATA TYPE jsonb USING address_from_line(nullif(trim("address"), ''));--> statement-breakpoint
DROP FUNCTION address_from_line(text);
