import { placeOf } from '#app/models/company-import/filter/filter-vocabulary.ts'

// The words the offline lead extractors decide by: what a job title says (in the languages our users
// paste), and what is never part of a person's name (page furniture, greetings, labels, departments).

const ROLE_TERMS = [
	// English
	'founder', 'co-founder', 'cofounder', 'owner', 'partner', 'president', 'vice president', 'chairman',
	'chairwoman', 'chairperson', 'chair', 'chief', 'officer', 'director', 'head', 'manager', 'lead', 'leader',
	'engineer', 'developer', 'programmer', 'designer', 'architect', 'scientist', 'researcher', 'analyst',
	'consultant', 'advisor', 'adviser', 'specialist', 'coordinator', 'associate', 'assistant', 'executive',
	'representative', 'recruiter', 'principal', 'professor', 'lecturer', 'editor', 'journalist', 'reporter',
	'producer', 'attorney', 'lawyer', 'counsel', 'paralegal', 'accountant', 'controller', 'administrator',
	'intern', 'trainee', 'apprentice', 'strategist', 'evangelist', 'advocate', 'secretary', 'treasurer',
	'investor', 'entrepreneur', 'mentor', 'coach', 'trainer', 'teacher', 'nurse', 'physician', 'surgeon',
	'pharmacist', 'technician', 'operator', 'supervisor', 'superintendent', 'agent', 'broker', 'planner',
	'buyer', 'marketer', 'copywriter', 'writer', 'photographer', 'fellow', 'dean', 'provost', 'chancellor',
	'ambassador', 'board member', 'account executive', 'sales', 'marketing', 'engineering', 'product',
	'operations', 'growth', 'talent acquisition', 'recruiting', 'people operations', 'customer success',
	'business development', 'procurement', 'purchasing', 'finance', 'legal', 'compliance', 'devops',
	'partnerships', 'communications', 'software', 'intern', 'staff', 'senior', 'junior',
	// German
	'geschäftsführer', 'geschäftsführerin', 'geschäftsführung', 'gründer', 'gründerin', 'mitgründer',
	'mitgründerin', 'inhaber', 'inhaberin', 'leitung', 'vorstand', 'vorstandsvorsitzender', 'vorsitzender',
	'vorsitzende', 'prokurist', 'prokuristin', 'referent', 'referentin', 'vertrieb', 'einkauf', 'personal',
	// French
	'directeur', 'directrice', 'fondateur', 'fondatrice', 'cofondateur', 'cofondatrice', 'co-fondateur',
	'co-fondatrice', 'présidente', 'président', 'gérant', 'gérante', 'responsable', 'chef', 'ingénieur',
	'ingénieure', 'développeur', 'développeuse', 'chargé', 'chargée', 'conseiller', 'conseillère', 'associé',
	'associée', 'consultante', 'commercial', 'commerciale', 'avocat', 'avocate', 'directeur général',
	// Spanish, Italian, Portuguese
	'directora', 'fundador', 'fundadora', 'cofundador', 'cofundadora', 'gerente', 'jefe', 'jefa', 'ingeniero',
	'ingeniera', 'presidente', 'presidenta', 'socio', 'socia', 'consultor', 'consultora', 'desarrollador',
	'desarrolladora', 'coordinador', 'coordinadora', 'abogado', 'abogada', 'asesor', 'asesora', 'direttore',
	'direttrice', 'fondatore', 'fondatrice', 'amministratore', 'amministratore delegato', 'responsabile',
	'ingegnere', 'consulente', 'sviluppatore', 'avvocato', 'diretor', 'diretora', 'engenheiro', 'engenheira',
	'sócio', 'sócia', 'desenvolvedor', 'coordenador', 'coordenadora', 'advogado', 'advogada',
	// Dutch, Nordic, Polish
	'oprichter', 'medeoprichter', 'eigenaar', 'bestuurder', 'adviseur', 'ontwikkelaar', 'hoofd', 'grundare',
	'ägare', 'utvecklare', 'konsult', 'udvikler', 'daglig leder', 'prezes', 'dyrektor', 'kierownik', 'założyciel',
] // prettier-ignore

/** Upper-case titles; matched case-sensitively ("it", "pm" and "ae" are words too). */
const ROLE_ACRONYMS = [
	'CEO', 'CTO', 'CFO', 'COO', 'CMO', 'CIO', 'CISO', 'CRO', 'CPO', 'CDO', 'CHRO', 'CCO', 'CSO', 'VP', 'SVP',
	'EVP', 'AVP', 'GM', 'MD', 'HR', 'PM', 'SDR', 'BDR', 'AE', 'QA', 'UX', 'UI', 'IT', 'R&D', 'PR', 'SRE', 'PDG',
	'DG', 'DRH', 'DSI', 'VD', 'DevOps',
] // prettier-ignore
export const ROLE_ACRONYM_SET = new Set(ROLE_ACRONYMS.map((acronym) => acronym.toUpperCase()))
/** Acronyms no language uses as a word, so "ceo at acme" in a lower-case paste still reads as a title. */
const CASELESS_ACRONYMS = ['ceo', 'cto', 'cfo', 'coo', 'cmo', 'cio', 'ciso', 'vp', 'svp', 'evp']

/** German and Dutch compounds end in the title: "Vertriebsleiter", "Produktmanagerin", "Softwareentwickler". */
const COMPOUND_ROLE_RE =
	/\p{L}*(?:leiter|führer|berater|entwickler|ingenieur|manager|referent|beauftragte|verantwortliche)(?:in|innen|r)?(?![\p{L}])/iu

function alternation(terms: string[]) {
	return terms
		.slice()
		.sort((a, b) => b.length - a.length)
		.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('|')
}

const ROLE_WORD_RE = new RegExp(
	`(?<![\\p{L}\\p{N}])(?:${alternation(ROLE_TERMS)})(?:s|es|en|nen|innen)?(?![\\p{L}\\p{N}])`,
	'iu',
)
const ACRONYM_RE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(ROLE_ACRONYMS)})s?(?![\\p{L}\\p{N}])`, 'u')
const CASELESS_ACRONYM_RE = new RegExp(
	`(?<![\\p{L}\\p{N}])(?:${alternation(CASELESS_ACRONYMS)})s?(?![\\p{L}\\p{N}])`,
	'iu',
)

/** The text names a job title, seniority or department ("Head of Sales", "CTO", "Geschäftsführerin"). */
export function hasRoleWord(text: string) {
	if (text.length > 300) return false
	return (
		ROLE_WORD_RE.test(text) ||
		ACRONYM_RE.test(text) ||
		CASELESS_ACRONYM_RE.test(text) ||
		COMPOUND_ROLE_RE.test(text)
	)
}

/** Lower-case words that are never part of a person's name: labels, page furniture, greetings, org words. */
export const NOT_NAME_WORDS = new Set(
	(
		'contact contacts us about our the home menu meet team teams speakers speaker people staff leadership ' +
		'board directors management careers career jobs job news blog press login log sign in up out privacy ' +
		'policy terms cookie cookies read more view profile all see follow share email e-mail mail phone call ' +
		'linkedin twitter facebook instagram youtube github xing website web site inc ltd llc gmbh ag corp ' +
		'company companies co group services service solutions technologies technology labs hello hi dear ' +
		'thanks thank you regards best cheers welcome learn get started join apply submit subscribe search ' +
		'next previous back top page click here download agenda schedule program programme register tickets ' +
		'sponsors sponsor venue faq events event conference summit day keynote panel session workshop ' +
		'monday tuesday wednesday thursday friday saturday sunday january february march july ' +
		'september october november december name names first last full title role position company ' +
		'organization organisation address city country location date time total price note notes status ' +
		'and or of for with to from by on at is are was were be has have this that these those it its we ' +
		'your my his her their new san los las santa united states kingdom north south east west central ' +
		'design research development marketing sales product products engineering support customer customers ' +
		'client clients partner partners investors investor advisors advisory board founders founder ' +
		'who what why how where when yes no ok okay please free trial demo pricing features feature docs ' +
		'documentation api help resources resource community open source platform overview ' +
		'impressum datenschutz kontakt über uber unser unsere mitarbeiter startseite équipe equipe accueil ' +
		'mentions légales nous contactez contacto nosotros equipo inicio chi siamo squadra sobre nós ' +
		'unknown n/a na tbd tba none null undefined test example sample admin info office general ' +
		'hiring hire apply open roles position positions internship vacancies vacancy ' +
		// Plans, editions and product words that headings pair like names ("Enterprise Cloud").
		'enterprise cloud plus pro premium basic starter business standard edition plan plans suite ' +
		'essentials professional ultimate lite studio app apps online digital global ' +
		// Words of organisations' names ("Klarna Bank", "Acme Ventures").
		'bank capital ventures holdings systems networks media energy health insurance consulting agency ' +
		'studios university college school institute foundation association club hotel airlines motors ' +
		'pharma logistics foods games labs analytics'
	).split(/\s+/),
)

/** Local parts of e-mail addresses that belong to a desk, not a person. */
export const ROLE_MAILBOXES = new Set(
	(
		'info hello hi contact contacts sales support help admin office team hr jobs careers press media ' +
		'marketing billing accounts accounting noreply no-reply donotreply mail webmaster postmaster ' +
		'privacy security legal invoices orders service kontakt bonjour hola ciao events partners partner ' +
		'cfp speakers sponsors sponsorship tickets newsletter news feedback enquiries inquiries recruiting ' +
		'talent office reception booking bookings membership members community investors ir pr hr'
	).split(/\s+/),
)

/** Words that end a name and are not part of it: honorifics before it, suffixes and degrees after it. */
export const HONORIFIC_RE =
	/^(?:mr|mrs|ms|miss|mx|dr|prof|professor|sir|dame|herr|frau|mme|mlle|sra|srta|dott|dottssa|ing|mag|dipl|drs|ir)\.?$/i
export const NAME_SUFFIX_RE =
	/^(?:jr|sr|ii|iii|iv|phd|ph\.d|md|mba|cpa|esq|msc|bsc|ma|ba|dds|rn|pmp|cfa|frcs|mph|jd|llm)\.?$/i

/** Surname particles: kept lower-case and with the last name ("Ludwig van Beethoven", "Maria de la Cruz"). */
export const NAME_PARTICLES = new Set([
	'van', 'von', 'der', 'den', 'de', 'del', 'della', 'dello', 'da', 'das', 'do', 'dos', 'di', 'du', 'la',
	'le', 'ter', 'ten', 'bin', 'binti', 'al', 'el', 'zu', 'y', 'af', 'av', 'dela', 'ibn', "d'", "o'",
]) // prettier-ignore

/** What an event or a card says beside a name that is neither a title nor a company. */
export const NOT_COMPANY_WORDS = new Set(
	(
		'keynote speaker speakers panelist moderator host co-host tba tbd tbc n/a na none self-employed ' +
		'freelance freelancer independent retired stealth student remote confidential linkedin profile ' +
		'read more bio view details email phone website twitter'
	).split(/\s+/),
)

const placeCache = new Map<string, boolean>()

/**
 * A country, region or city ("Berlin", "DACH", "New York"), by the company filter's vocabulary;
 * remembered, as the extractors ask about the same words on every line of a long paste.
 */
export function isPlaceName(text: string) {
	const key = text.trim().toLowerCase()
	let known = placeCache.get(key)
	if (known === undefined) {
		known = placeOf(key) !== null
		if (placeCache.size >= 20_000) placeCache.clear()
		placeCache.set(key, known)
	}
	return known
}
