-- Check-ins made before received_at existed: the best known arrival time is the claimed one
-- (they were all counted present, which is what they stay).
UPDATE "event_check_ins" SET "received_at" = "checked_in_at" WHERE "received_at" > "checked_in_at";
