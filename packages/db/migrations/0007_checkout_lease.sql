-- A customer's checkout is leased while it runs, instead of holding a transaction (and, on the embedded database, every other query) while the payment provider answers.
ALTER TABLE "users" ADD COLUMN "checkout_lease_until" timestamp with time zone;
