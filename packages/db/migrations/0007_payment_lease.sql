-- A checkout leases its order while it asks the payment provider, instead of holding a transaction (and, on the embedded database, every other query) for that long.
ALTER TABLE "orders" ADD COLUMN "payment_lease_until" timestamp with time zone;
