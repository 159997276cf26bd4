-- better-auth's two-factor plugin remembered a device for 30 days when a code was sent with
-- "trustDevice": a row in "verifications" named "trust-device-<random>" holding the user's id, which
-- a signed cookie points at. Quire refuses the flag now and takes the cookie out of every request
-- (src/server/auth/no-trusted-devices.ts), so those rows can never be used again; they would only
-- have lingered until they expired. Removed here, once.
DELETE FROM "verifications" WHERE "identifier" LIKE 'trust-device-%';
