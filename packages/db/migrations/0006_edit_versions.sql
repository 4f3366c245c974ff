-- Barbers and the shop's settings carry a version, raised by every save: a save based on an older one is refused (409) instead of overwriting someone else's.
ALTER TABLE "barbers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
