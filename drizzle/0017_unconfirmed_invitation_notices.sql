-- An invitation's notification carries its live link. It used to go to any account with the
-- invited address, confirmed or not, so whoever signed up with someone else's address (or, without
-- SMTP, changed their email to it) was handed the link and could join with the invited role. Now
-- only an account whose address is confirmed is told (services/invitations/internal/address-proof.ts).
-- Those already handed to an unconfirmed account, recently enough that the link may still work
-- (invitations last 7 days), are taken back; the emailed link still reaches the address.
DELETE FROM "notifications"
WHERE "kind" = 'invitation'
  AND "created_at" > now() - interval '7 days'
  AND "user_id" IN (SELECT "id" FROM "users" WHERE NOT "email_verified");
