-- The profile a LinkedIn address names, as linkedinKey in app/utils/linkedin-url.ts computes it
-- ("https://uk.linkedin.com/in/Ada/?trk=x" → "linkedin.com/in/ada"): no scheme, query or fragment,
-- no "www." or country prefix on linkedin.com, no trailing slash, lower case. Indexed per
-- organization, so check-batch, the lead review and the lead save find a saved profile however it
-- was pasted, in one index probe per address (issue 14, decision 035).
CREATE FUNCTION linkedin_key(url text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$
	SELECT nullif(lower(
		regexp_replace(
			regexp_replace(
				regexp_replace(
					regexp_replace(btrim(url), '^[a-z][a-z0-9+.-]*://', '', 'i'),
				'[?#].*$', ''),
			'^(www|[a-z]{2})\.(linkedin\.com)(?=/|$)', '\2', 'i'),
		'/+$', '')
	), '')
$$;

CREATE INDEX "Contact_organizationId_linkedin_key_idx" ON "Contact" ("organizationId", linkedin_key(linkedin));
