-- The audit trail names the command that made a change no signed-in person made (npm run user:role).
ALTER TABLE "audit_log" ADD COLUMN "tool" text;
