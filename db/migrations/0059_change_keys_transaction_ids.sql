-- The writing transaction's id on both messages of notify_change_keys (src/lib/database/change-bus.ts):
-- '#<xid>' before the keys, in the NOTICE the writing process hears and in the NOTIFY every
-- process hears at commit. The two arrive on different connections and so in either order, and a
-- transaction that touches a key twice sends two NOTICEs but one NOTIFY (pg_notify drops repeated
-- payloads): counting NOTICEs against NOTIFYs per key left keys "about to commit" for 2 s after
-- their commit, and nothing read from them was remembered meanwhile
-- (src/lib/poll-memory/pending-keys.ts). With the id, a NOTIFY settles exactly its own NOTICEs,
-- whichever came first. Otherwise unchanged from 0025_poll_change_keys.
CREATE OR REPLACE FUNCTION notify_change_keys(keys text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  tx text := '#' || pg_current_xact_id()::text;
BEGIN
  IF current_setting('clubnica.notice_keys', true) = 'on' THEN
    RAISE NOTICE 'clubnica_keys % %', tx, keys;
  END IF;
  PERFORM pg_notify('clubnica_keys',
    floor(extract(epoch from statement_timestamp()) * 1000)::bigint::text || ' ' || tx || ' ' || keys);
END;
$$;
