-- Issue 31.5: a renewal charge is reserved in one short transaction, sent to the provider outside
-- any transaction and settled in another; `charging_since` marks the payment whose charge is out.
ALTER TABLE "payments" ADD COLUMN "charging_since" timestamp with time zone;
