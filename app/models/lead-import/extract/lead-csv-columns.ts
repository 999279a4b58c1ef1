import { headerKey } from '#app/models/company-import/csv/guess-column-mapping.ts'
import { findEmails, findLinkedinProfiles, normalizePhone } from './lead-contact-points.ts'
import { hasRoleWord } from './lead-words.ts'
import { isLikelyPersonName } from './person-name.ts'
import { isCompanyLike, parsePersonLine } from './role-and-company.ts'

// Which column of a lead CSV holds what: by the header's words (English and the languages our
// users' exports come in; the exports of Apollo, HubSpot, LinkedIn Sales Navigator, Lusha, Eventbrite),
// then by the values for any column the headers did not explain — addresses, profiles and phones
// are recognised wherever they are, and a file without headers is read by its values alone.

export const LEAD_COLUMN_FIELDS = [
	'firstName',
	'middleName',
	'lastName',
	'fullName',
	'personLine',
	'email',
	'phone',
	'linkedin',
	'role',
	'headline',
	'roleDetails',
	'companyName',
	'companyDescription',
] as const
export type LeadColumnField = (typeof LEAD_COLUMN_FIELDS)[number]
/** Field → column indices, in the order they are tried (several e-mail or detail columns are common). */
export type LeadColumns = Partial<Record<LeadColumnField, number[]>>

const keys = (words: string) => words.split(/\s+/).filter(Boolean)

const EXACT: Record<Exclude<LeadColumnField, 'personLine'>, string[]> = {
	firstName: keys(
		'firstname first fname givenname forename vorname prénom prenom voornaam förnamn fornavn etunimi imię imie primeironome',
	),
	middleName: keys('middlename middle middleinitial mi secondname'),
	lastName: keys(
		'lastname last lname surname familyname nachname apellido apellidos cognome sobrenome achternaam efternamn etternavn sukunimi nazwisko',
	),
	fullName: keys(
		'fullname name contactname personname contact leadname person displayname nameofcontact speaker speakername attendee attendeename employee employeename member membername participant participantname prospect prospectname vollständigername nomcomplet nombrecompleto nomecompleto naam namn nome nombre nom navn imięinazwisko teilnehmer',
	),
	email: keys(
		'email emailaddress mail emails workemail businessemail personalemail primaryemail contactemail emailaddresses correo correoelectronico correoelectrónico courriel epost emailadresse mailadresse',
	),
	phone: keys(
		'phone phonenumber mobile mobilephone mobilenumber cell cellphone telephone tel directphone directdial workphone officephone corporatephone telefon telefonnummer téléphone telephone telefono teléfono handy mobil móvil celular numero',
	),
	linkedin: keys(
		'linkedin linkedinurl linkedinprofile linkedinprofileurl personlinkedinurl linkedinlink profileurl li liurl linkedinhandle linkedinprofilelink publicprofileurl',
	),
	role: keys(
		'title jobtitle role position designation occupation jobrole jobposition currenttitle currentposition currentrole job titel poste fonction cargo puesto ruolo funktion berufsbezeichnung stellung functie befattning',
	),
	headline: keys('headline linkedinheadline tagline'),
	roleDetails: keys(
		'seniority department departments roledetails jobfunction function subdepartment level team division focus responsibilities managementlevel jobfunctions abteilung département departamento',
	),
	companyName: keys(
		'company companyname organization organisation employer account accountname org firm business currentcompany companynameforemails organizationname organisationname worksat worksfor employername companyname firma unternehmen entreprise société societe empresa azienda bedrijf företag arbeitgeber werkgever arbeidsgiver',
	),
	companyDescription: keys(
		'companydescription aboutcompany companyabout about description companyoverview companyinfo organizationdescription companysummary accountdescription companybio',
	),
}

const FIELD_BY_KEY = new Map<string, LeadColumnField>()
for (const [field, list] of Object.entries(EXACT) as Array<[LeadColumnField, string[]]>) {
	for (const key of list) if (!FIELD_BY_KEY.has(key)) FIELD_BY_KEY.set(key, field)
}

/** A company-mode "who to contact" column: never a lead's own role. */
const ROLE_PROMPT_KEY_RE =
	/lookingfor|roleprompt|targetrole|targettitle|targetpersona|persona|whotocontact|whotofind|whototarget|contactsought|idealcontact|targetcontact|searchfor|rolestofind|rolestotarget|decisionmaker|prompt/

function fieldByWords(key: string): LeadColumnField | null {
	if (ROLE_PROMPT_KEY_RE.test(key)) return null
	if (key.includes('linkedin')) return 'linkedin'
	if (key.includes('email') || key.includes('mail')) return 'email'
	if (/phone|mobile|telefon|tel$/.test(key)) return 'phone'
	if (key.includes('firstname') || key.includes('givenname')) return 'firstName'
	if (key.includes('lastname') || key.includes('surname') || key.includes('familyname')) return 'lastName'
	if (key.includes('middlename')) return 'middleName'
	if (
		/(company|organi[sz]ation|account|employer).*(description|about|overview|summary)|(description|about).*(company|organi[sz]ation)/.test(
			key,
		)
	)
		return 'companyDescription'
	if (
		/company|organi[sz]ation|employer/.test(key) &&
		!/(size|industry|website|domain|url|linkedin|phone|country|city|revenue|employees|address|state|zip|founded|location|type|id)$/.test(
			key,
		)
	)
		return 'companyName'
	if (/jobtitle|title$|^title|position$|role$/.test(key)) return 'role'
	if (/seniority|department|function$/.test(key)) return 'roleDetails'
	if (/(contact|person|full|lead|speaker|attendee|member)name$/.test(key)) return 'fullName'
	return null
}

/** A company-mode "who to contact" column ("Looking for", "Target role"): not read for leads at all. */
export function isRolePromptHeader(header: string) {
	return ROLE_PROMPT_KEY_RE.test(headerKey(header))
}

export function leadHeaderField(header: string): LeadColumnField | null {
	const key = headerKey(header)
	if (!key || ROLE_PROMPT_KEY_RE.test(key)) return null
	return FIELD_BY_KEY.get(key) ?? fieldByWords(key)
}

export function isLeadHeader(key: string) {
	return leadHeaderField(key) !== null
}

/** Columns by their headers. "Name" beside a last-name column is the first name ("Nom" + "Prénom" too). */
export function leadColumnsFromHeaders(headers: string[]): LeadColumns {
	const columns: LeadColumns = {}
	const fields = headers.map(leadHeaderField)
	for (const [index, field] of fields.entries()) {
		if (field) (columns[field] ??= []).push(index)
	}
	const key = (index: number) => headerKey(headers[index] ?? '')
	if (columns.fullName && columns.lastName && !columns.firstName) {
		const generic = columns.fullName.find((index) => /^(name|nombre|nome|naam|navn)$/.test(key(index)))
		if (generic !== undefined) {
			columns.firstName = [generic]
			columns.fullName = columns.fullName.filter((index) => index !== generic)
		}
	}
	if (columns.fullName && columns.firstName && !columns.lastName) {
		const nom = columns.fullName.find((index) => key(index) === 'nom')
		if (nom !== undefined) {
			columns.lastName = [nom]
			columns.fullName = columns.fullName.filter((index) => index !== nom)
		}
	}
	for (const field of Object.keys(columns) as LeadColumnField[])
		if (!columns[field]?.length) delete columns[field]
	return columns
}

type ValueKind =
	'email' | 'linkedin' | 'phone' | 'personLine' | 'fullName' | 'singleName' | 'role' | 'company'

function kindsOf(cell: string): ValueKind[] {
	const kinds: ValueKind[] = []
	if (cell.length > 300) return kinds
	if (cell.includes('@') && findEmails(cell).length) kinds.push('email')
	if (/linkedin\.com\/(in|pub)\//i.test(cell) && findLinkedinProfiles(cell).length) kinds.push('linkedin')
	if (/^[+(\d][\d\s().\-/+]{5,}$/.test(cell) && normalizePhone(cell)) kinds.push('phone')
	if (kinds.length) return kinds
	if (/[,(|–—-]/.test(cell) && parsePersonLine(cell)) kinds.push('personLine')
	else if (isLikelyPersonName(cell, { minWords: 2, maxWords: 4 })) kinds.push('fullName')
	else if (isLikelyPersonName(cell, { minWords: 1, maxWords: 1 })) kinds.push('singleName')
	if (hasRoleWord(cell)) kinds.push('role')
	else if (isCompanyLike(cell)) kinds.push('company')
	return kinds
}

/**
 * Columns the headers left unexplained, typed by their values over the first rows: a column is
 * an e-mail, LinkedIn or phone column when most of its filled cells are; when the file has no
 * name column, names (full, or a first/last pair side by side), titles and companies too.
 */
export function leadColumnsFromValues(
	rows: string[][],
	known: LeadColumns,
	width: number,
	/** Columns never to type (role prompts). */
	skip: Iterable<number> = [],
): LeadColumns {
	const columns: LeadColumns = { ...known }
	const taken = new Set([...Object.values(known).flat(), ...skip])
	const sample = rows.slice(0, 200)
	const share = new Map<number, Map<ValueKind, number>>()
	for (let column = 0; column < width; column++) {
		if (taken.has(column)) continue
		const counts = new Map<ValueKind, number>()
		let filled = 0
		for (const row of sample) {
			const cell = row[column]
			if (!cell) continue
			filled++
			for (const kind of kindsOf(cell)) counts.set(kind, (counts.get(kind) ?? 0) + 1)
		}
		const shares = new Map<ValueKind, number>()
		for (const [kind, count] of counts) if (filled) shares.set(kind, count / filled)
		share.set(column, shares)
	}
	const mostly = (column: number, kind: ValueKind, threshold = 0.5) =>
		(share.get(column)?.get(kind) ?? 0) >= threshold
	const add = (field: LeadColumnField, column: number) => {
		;(columns[field] ??= []).push(column)
		taken.add(column)
	}
	for (const column of share.keys()) {
		if (mostly(column, 'email')) add('email', column)
		else if (mostly(column, 'linkedin')) add('linkedin', column)
		else if (mostly(column, 'phone', 0.6)) add('phone', column)
	}
	const namedByHeaders = Boolean(columns.firstName || columns.fullName || columns.personLine)
	const free = () => [...share.keys()].filter((column) => !taken.has(column))
	if (!namedByHeaders) {
		const line = free().find((column) => mostly(column, 'personLine'))
		if (line !== undefined) add('personLine', line)
		else {
			const full = free().find((column) => mostly(column, 'fullName', 0.6))
			if (full !== undefined) add('fullName', full)
			else {
				const pair = free().find(
					(column) => mostly(column, 'singleName', 0.7) && mostly(column + 1, 'singleName', 0.7),
				)
				if (pair !== undefined) {
					add('firstName', pair)
					add('lastName', pair + 1)
				}
			}
		}
	}
	if (!columns.role) {
		const role = free().find((column) => mostly(column, 'role'))
		if (role !== undefined) add('role', role)
	}
	// Only in a file whose names were found by their values (no headers): a company column's header says so otherwise.
	if (
		!columns.companyName &&
		!namedByHeaders &&
		(columns.fullName || columns.firstName || columns.personLine)
	) {
		const company = free().find((column) => mostly(column, 'company', 0.6))
		if (company !== undefined) add('companyName', company)
	}
	return columns
}
