-- Issue 12, deliver 5 (decision 019): a Session's id is the SHA-256 of the token in its cookie.
-- Cookies issued before this carry the old id as their token, so hashing each id in place keeps
-- everyone signed in: the app hashes the cookie's value and finds the row.
UPDATE "Session" SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex');
