import fc from 'fast-check'
import type { AppRoute, SentRequest } from './app-under-test.ts'
import { FIELD_NAMES, INTENTS, QUERY_NAMES } from './fuzz-vocabulary.ts'
import type { SeededOrganization } from './org-fixtures.ts'
import { fillPath, paramVariants, type RouteEntry } from './route-table.ts'

// What a hostile or careless client sends: wrong types, missing fields, huge numbers, long strings,
// unicode, NUL and lone surrogates, random ids and another organization's, nested junk, malformed
// JSON, form bodies with odd intents — as fast-check arbitraries, so a failure shrinks to its core.

const hostileStrings = [
	'',
	' ',
	'\u0000',
	'a\u0000b',
	'\uD800',
	'x\uDFFFy',
	'💥🧨',
	'Ünïcödé ñ 中文 العربية',
	'\u202Eevil',
	'<script>alert(1)</script>',
	`'; DROP TABLE "Contact"; --`,
	'%00',
	'../../etc/passwd',
	'null',
	'undefined',
	'NaN',
	'-1',
	'0',
	'1e309',
	'9'.repeat(40),
	'true',
	'[]',
	'{}',
	'all',
	'x'.repeat(5_000),
	'y'.repeat(70_000),
]

const text = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
	{ weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
	{ weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
	{ weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
	{ weight: 1, arbitrary: fc.emailAddress() },
)

const number = fc.oneof(
	fc.integer(),
	fc.double(),
	fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5),
)

const randomId = fc.stringMatching(/^c[a-z0-9]{24}$/)

/** Ids the fuzz may send: A's own, B's, and random ones. */
function idOf(own: SeededOrganization, other: SeededOrganization) {
	return fc.oneof(
		{ weight: 3, arbitrary: fc.constantFrom(...Object.values(own.ids)) },
		{ weight: 2, arbitrary: fc.constantFrom(...Object.values(other.ids)) },
		{ weight: 1, arbitrary: randomId },
	)
}

function valueOf(id: fc.Arbitrary<string>) {
	const { value } = fc.letrec<{ value: unknown }>((tie) => ({
		value: fc.oneof(
			{ depthSize: 'small', withCrossShrink: true },
			text,
			number,
			id,
			fc.boolean(),
			fc.constant(null),
			fc.array(tie('value'), { maxLength: 4 }),
			fc.dictionary(key, tie('value'), { maxKeys: 4 }),
		),
	}))
	return value
}

const key = fc.oneof(
	{ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) },
	{ weight: 1, arbitrary: fc.string() },
)

const malformedJson = fc.oneof(
	fc.constantFrom(
		'{"unterminated',
		'{',
		'[1,2',
		'{"a":1}}',
		'nul',
		'{"a":NaN}',
		'\u0000',
		'"',
		'{"__proto__":{"x":1}}',
	),
	fc.string({ maxLength: 30 }),
)

function jsonBody(entry: RouteEntry, value: fc.Arbitrary<unknown>) {
	const sample = entry.json ?? {}
	const mutatedSample = fc.record(
		Object.fromEntries(Object.keys(sample).map((name) => [name, fc.oneof(fc.constant(sample[name]), value)])),
		{ requiredKeys: [] },
	)
	return fc.oneof(
		{
			weight: 3,
			arbitrary: fc
				.tuple(mutatedSample, fc.dictionary(key, value, { maxKeys: 5 }))
				.map(([a, b]) => JSON.stringify({ ...a, ...b })),
		},
		{ weight: 2, arbitrary: fc.dictionary(key, value, { maxKeys: 8 }).map((body) => JSON.stringify(body)) },
		{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body) => JSON.stringify(body)) },
		{ weight: 1, arbitrary: malformedJson },
	)
}

function formBody(entry: RouteEntry, id: fc.Arbitrary<string>) {
	const field = fc.oneof(text, id, number.map(String))
	const intent = fc.oneof(
		{ weight: 4, arbitrary: fc.constantFrom(...INTENTS) },
		{ weight: 1, arbitrary: text },
	)
	return fc
		.tuple(
			fc.option(intent, { nil: undefined, freq: 5 }),
			fc.array(
				fc.tuple(
					fc.oneof(
						{ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) },
						{ weight: 1, arbitrary: fc.string() },
					),
					field,
				),
				{ maxLength: 8 },
			),
			fc.boolean(),
		)
		.map(([intentValue, fields, keepSample]) => {
			const form = new URLSearchParams(keepSample ? entry.form : {})
			if (intentValue !== undefined) form.set('intent', intentValue)
			for (const [name, value] of fields) form.append(name, value)
			return form
		})
}

const hostilePathSegments = fc.constantFrom(
	'%00',
	'%ED%A0%80',
	'%E0%A4%A',
	'%',
	'..',
	'%2F',
	'%20',
	'null',
	'x'.repeat(5_000),
	'-1',
	'9'.repeat(40),
	'%F0%9F%92%A5',
)

function pathOf(route: AppRoute, own: SeededOrganization, other: SeededOrganization) {
	const variants = paramVariants(route)
	if (route.params.length === 0) return fc.constant(route.path)
	return fc.constantFrom(...variants).chain((variant) => {
		const segments = route.params.map(() =>
			fc.oneof(
				{ weight: 3, arbitrary: fc.constant<'own'>('own') },
				{ weight: 2, arbitrary: fc.constant<'other'>('other') },
				{ weight: 1, arbitrary: randomId },
				{
					weight: 1,
					// (Node refuses a request line over 16 KB itself, a 431 without a body: keep under it.)
					arbitrary: text.map(
						(value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '').slice(0, 1_000)) || 'x',
					),
				},
				{ weight: 1, arbitrary: hostilePathSegments },
			),
		)
		return fc.tuple(...segments).map((chosen) => {
			const ownPath = fillPath(route, variant, own.ids).split('/')
			const otherPath = fillPath(route, variant, other.ids).split('/')
			const pattern = route.path.split('/')
			let param = 0
			return pattern
				.map((part, index) => {
					if (!part.startsWith(':')) return part
					const pick = chosen[param++]!
					return pick === 'own' ? ownPath[index] : pick === 'other' ? otherPath[index] : pick
				})
				.join('/')
		})
	})
}

function queryOf(id: fc.Arbitrary<string>) {
	const name = fc.oneof(fc.constantFrom(...QUERY_NAMES, ...FIELD_NAMES), fc.string({ maxLength: 8 }))
	const value = fc.oneof(text, id, number.map(String))
	return fc.oneof(
		{ weight: 2, arbitrary: fc.constant('') },
		{
			weight: 3,
			arbitrary: fc.array(fc.tuple(name, value), { maxLength: 5 }).map((pairs) => {
				const query = new URLSearchParams()
				// Node refuses a request line over 16 KB itself (431, no body): keep under it.
				for (const [key_, value_] of pairs)
					query.append(key_, value_.replace(/[\uD800-\uDFFF]/g, '').slice(0, 2_000))
				const encoded = query.toString()
				return encoded ? `?${encoded}` : ''
			}),
		},
		{
			weight: 1,
			arbitrary: fc.constantFrom(
				'?search=%00',
				'?take=1e999&skip=-5',
				'?page=-1',
				'?search=%ED%A0%80',
				'?a=%',
				'?tags=&tags=',
			),
		},
	)
}

export type FuzzedRequest = Omit<SentRequest, 'cookie'>

/** One hostile request for `method` on `route`, as organization A's member holding B's ids. */
export function fuzzedRequest(
	route: AppRoute,
	entry: RouteEntry,
	method: string,
	own: SeededOrganization,
	other: SeededOrganization,
): fc.Arbitrary<FuzzedRequest> {
	const id = idOf(own, other)
	const value = valueOf(id)
	const path = fc.tuple(pathOf(route, own, other), queryOf(id)).map(([path_, query]) => `${path_}${query}`)
	if (method === 'GET') return path.map((path_) => ({ method, path: path_ }))
	const body = fc.oneof(
		{
			weight: 4,
			arbitrary: jsonBody(entry, value).map((body_) => ({ body: body_, contentType: 'application/json' })),
		},
		{
			weight: 4,
			arbitrary: formBody(entry, id).map((form) => ({
				body: form.toString(),
				contentType: 'application/x-www-form-urlencoded',
			})),
		},
		{
			weight: 1,
			arbitrary: formBody(entry, id).map((form) => {
				const multipart = new FormData()
				for (const [name, value_] of form) multipart.append(name, value_)
				multipart.append('file', new Blob(['%PDF-1.4 junk']), 'junk.pdf')
				return { body: multipart as FormData | string, contentType: undefined as string | undefined }
			}),
		},
		{
			// An upload of hostile CSV (or text, or not-CSV-at-all) for the import routes.
			weight: 1,
			arbitrary: fc
				.tuple(
					formBody(entry, id),
					fc.array(fc.array(text, { maxLength: 6 }), { maxLength: 6 }),
					fc.constantFrom('companies.csv', 'notes.txt', 'junk.pdf', ''),
					fc.constantFrom(',', ';', '\t', '|'),
				)
				.map(([form, rows, fileName, delimiter]) => {
					const multipart = new FormData()
					for (const [name, value_] of form) multipart.append(name, value_)
					const csv = rows.map((cells) => cells.join(delimiter)).join('\n')
					multipart.append('file', new Blob([csv], { type: 'text/csv' }), fileName)
					return { body: multipart as FormData | string, contentType: undefined as string | undefined }
				}),
		},
		{ weight: 1, arbitrary: text.map((body_) => ({ body: body_, contentType: 'text/plain' })) },
		{ weight: 1, arbitrary: fc.constant({ body: undefined, contentType: undefined }) },
	)
	return fc.tuple(path, body).map(([path_, { body: body_, contentType }]) => ({
		method,
		path: path_,
		body: body_,
		contentType,
	}))
}
