import type pg from 'pg'

// Seeds the contacts benchmark in plain SQL (generate_series), so 2,000,000 contacts take
// about a minute: organization A with 1,000,000 contacts, 100,000 companies, 100 tags
// (about 1.33 contacts' tags each) and 5 campaigns; organization B with 1,000,000 contacts
// and 10,000 companies, so every query has to scope by organization. Secondary indexes are
// dropped during the load and rebuilt after, as a bulk import would do.

export const SEED_VERSION = 'contacts-bench-v2'

/** An uncorrelated pseudo-random pick in 1..n for row g (a different seed per column). */
function pick(n: number | string, seed: number) {
	return `(1 + abs(hashint8extended(g, ${seed})) % ${n})`
}
export const ORG_A = 'bench-org-a'
export const ORG_B = 'bench-org-b'
export const CONTACTS_PER_ORG = Number(process.env.BENCH_CONTACTS ?? 1_000_000)
export const COMPANIES_A = Number(process.env.BENCH_COMPANIES ?? 100_000)
const COMPANIES_B = Math.max(1, Math.round(COMPANIES_A / 10))
export const TAGS_A = 100

const FIRST = `ARRAY['Ada','Alan','Grace','Linus','Margaret','Dennis','Barbara','Ken','Frances','John','Anna','Annie','Joanne','Hannah','Leslie','Radia','Edsger','Donald','Niklaus','Tim','Sophie','Karen','Yukihiro','Guido','Bjarne','James','Mary','Robert','Patricia','Michael','Linda','William','Elizabeth','David','Susan','Richard','Jessica','Joseph','Sarah','Thomas','Lisa','Charles','Nancy','Christopher','Betty','Daniel','Sandra','Matthew','Ashley','Anthony']`
const LAST = `ARRAY['Lovelace','Turing','Hopper','Torvalds','Hamilton','Ritchie','Liskov','Thompson','Allen','McCarthy','Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','King','Wright','Scott','Torres','Nguyen','Hill','Flores','Green','Adams']`
const ROLES = `ARRAY['CEO','CTO','VP Sales','Head of Marketing','Account Executive','Sales Development Representative','Engineering Manager','Product Manager','Chief Revenue Officer','Founder','Operations Director','Data Scientist','Procurement Lead','Customer Success Manager','Head of Growth']`
const WORDS = `ARRAY['Acme','Globex','Initech','Umbrella','Stark','Wayne','Wonka','Hooli','Pied','Piper','Vandelay','Cyberdyne','Soylent','Tyrell','Massive','Dynamic','Blue','Red','Green','Quantum','Nimbus','Vertex','Summit','Atlas','Orbit','Nova','Pioneer','Harbor','Granite','Cobalt']`
const SUFFIXES = `ARRAY['Inc','Labs','Systems','Group','Partners','Technologies','Holdings','Analytics','Networks','Studios']`

const SECONDARY_INDEXES = [
	'Contact_organizationId_email_key',
	'Contact_organizationId_createdAt_id_idx',
	'Contact_organizationId_lower_firstName_id_idx',
	'Contact_organizationId_linkedin_idx',
	'Contact_companyId_idx',
	'Contact_creatorId_idx',
	'Contact_search_trgm_idx',
	'ContactTag_contactId_idx',
	'Company_organizationId_name_id_idx',
	'Company_organizationId_createdAt_id_idx',
	'Company_name_trgm_idx',
]

export async function isSeeded(client: pg.Client) {
	const { rows } = await client.query(`SELECT summary FROM "Organization" WHERE id = $1`, [ORG_A])
	return rows[0]?.summary === `${SEED_VERSION}:${CONTACTS_PER_ORG}:${COMPANIES_A}`
}

export async function seedContactsBench(client: pg.Client, log: (line: string) => void) {
	const definitions = await client.query<{ indexname: string; indexdef: string }>(
		`SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY($1)`,
		[SECONDARY_INDEXES],
	)
	await client.query(`DELETE FROM "Organization" WHERE id IN ($1, $2)`, [ORG_A, ORG_B])
	await client.query(`DELETE FROM "User" WHERE email = 'bench@reachout.test'`)
	for (const { indexname } of definitions.rows) await client.query(`DROP INDEX "${indexname}"`)
	await client.query(`SET maintenance_work_mem = '512MB'`)
	const started = performance.now()
	await client.query(`
		INSERT INTO "Organization" (id, name, summary, "updatedAt") VALUES
			('${ORG_A}', 'Bench A', '', now()), ('${ORG_B}', 'Bench B', '', now());
		INSERT INTO "User" (id, email, name, "emailVerified", "updatedAt")
			VALUES ('bench-user', 'bench@reachout.test', 'Bench User', true, now());
		INSERT INTO "Membership" (id, role, "organizationId", "userId", "updatedAt")
			VALUES ('bench-membership', 'OWNER', '${ORG_A}', 'bench-user', now());`)
	for (const [org, prefix, count] of [
		[ORG_A, 'a', COMPANIES_A],
		[ORG_B, 'b', COMPANIES_B],
	] as const) {
		await client.query(`
			INSERT INTO "Company" (id, name, slug, description, industry, "employeeCount", "organizationId", "createdAt", "updatedAt")
			SELECT 'co-${prefix}-' || g, name, lower(replace(name, ' ', '-')), 'Makes things since ' || (1950 + g % 70),
			       (ARRAY['Software','Hardware','Finance','Retail','Health'])[1 + g % 5], 10 + g % 5000, '${org}',
			       now() - make_interval(secs => g), now()
			FROM generate_series(1, ${count}) g,
			     LATERAL (SELECT (${WORDS})[${pick(30, 1)}] || ' ' || (${WORDS})[${pick(30, 2)}] || ' '
			                     || (${SUFFIXES})[${pick(10, 3)}] || ' ' || g AS name) n`)
	}
	log(`companies: ${((performance.now() - started) / 1000).toFixed(1)} s`)
	for (const [org, prefix, companies] of [
		[ORG_A, 'a', COMPANIES_A],
		[ORG_B, 'b', COMPANIES_B],
	] as const) {
		await client.query(`
			INSERT INTO "Contact" (id, "firstName", "lastName", email, linkedin, role, status, "organizationId", "companyId",
			                       "creatorId", "createdAt", "updatedAt")
			SELECT 'ct-${prefix}-' || g, f, l, lower(f || '.' || l || '.' || g) || '@example.com',
			       CASE WHEN g % 4 = 0 THEN NULL ELSE 'https://www.linkedin.com/in/' || lower(f || '-' || l || '-' || g) END,
			       (${ROLES})[${pick(15, 4)}], (ARRAY['NEW','ACTIVE','ARCHIVED','INACTIVE']::"ContactStatus"[])[1 + g % 4],
			       '${org}', 'co-${prefix}-' || ${pick(companies, 5)}, ${org === ORG_A ? "'bench-user'" : 'NULL'},
			       now() - make_interval(secs => g), now()
			FROM generate_series(1, ${CONTACTS_PER_ORG}) g,
			     LATERAL (SELECT (${FIRST})[${pick(50, 6)}] AS f, (${LAST})[${pick(50, 7)}] AS l) n`)
		log(`contacts of ${org}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
	}
	await client.query(`
		INSERT INTO "Tag" (id, name, "organizationId", "updatedAt")
		SELECT 'tag-a-' || t, 'Segment ' || t, '${ORG_A}', now() FROM generate_series(1, ${TAGS_A}) t;
		INSERT INTO "Tag" (id, name, "organizationId", "updatedAt")
		SELECT 'tag-b-' || t, 'Segment ' || t, '${ORG_B}', now() FROM generate_series(1, 10) t;
		INSERT INTO "ContactTag" ("tagId", "contactId")
		SELECT 'tag-a-' || ${pick(TAGS_A, 8)}, 'ct-a-' || g FROM generate_series(1, ${CONTACTS_PER_ORG}) g;
		INSERT INTO "ContactTag" ("tagId", "contactId")
		SELECT 'tag-a-' || ${pick(TAGS_A, 9)}, 'ct-a-' || g FROM generate_series(3, ${CONTACTS_PER_ORG}, 3) g
		ON CONFLICT DO NOTHING;
		INSERT INTO "ContactTag" ("tagId", "contactId")
		SELECT 'tag-b-' || (1 + g % 10), 'ct-b-' || g FROM generate_series(1, ${CONTACTS_PER_ORG}) g;
		INSERT INTO "Campaign" (id, name, channels, status, "organizationId", "updatedAt")
		SELECT 'camp-a-' || c, 'Campaign ' || c, ARRAY['EMAIL']::"CampaignChannel"[], 'ACTIVE', '${ORG_A}', now()
		FROM generate_series(1, 5) c;
		INSERT INTO "CampaignContact" ("campaignId", "contactId")
		SELECT 'camp-a-' || ${pick(5, 10)}, 'ct-a-' || g FROM generate_series(1, ${CONTACTS_PER_ORG}, 20) g;`)
	log(`tags and campaigns: ${((performance.now() - started) / 1000).toFixed(1)} s`)
	for (const { indexdef } of definitions.rows) await client.query(indexdef)
	log(`indexes rebuilt: ${((performance.now() - started) / 1000).toFixed(1)} s`)
	await client.query(
		`VACUUM ANALYZE "Contact", "Company", "Tag", "ContactTag", "Campaign", "CampaignContact"`,
	)
	await client.query(`UPDATE "Organization" SET summary = $2 WHERE id = $1`, [
		ORG_A,
		`${SEED_VERSION}:${CONTACTS_PER_ORG}:${COMPANIES_A}`,
	])
	log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
