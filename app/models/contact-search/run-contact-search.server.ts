import { setMaxListeners } from 'node:events'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { rankCandidates } from '#app/models/contact-search/rank/rank-candidates.server.ts'
import {
	CANCELLED_REASON,
	completeQueueable,
	failQueueable,
	loadQueueableForJob,
	reportProgress,
	startQueueable,
} from '#app/models/queueable/queueable.server.ts'
import {
	CONTACT_SEARCH_MESSAGES,
	type CompanyContactSearchResult,
	type ContactSearchJobResult,
	type ContactSearchResult,
} from '#app/schemas/contact-search.ts'
import { isTerminalStatus } from '#app/schemas/queueable.ts'
import { forEachConcurrently } from '#app/utils/concurrent-each.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { loadSearchSignals } from './contact-search-signals.server.ts'
import { DEFAULT_SOURCES, gatherCandidates } from './gather-candidates.server.ts'
import { type CandidateSource, type SearchCompany } from './sources/candidate-source.ts'
import { type ContactSearchPayload } from './start-contact-search.server.ts'

// The `search_contacts` job (decision 037): for each company (CONTACT_SEARCH_CONCURRENCY at a
// time) gather candidates from every source, rank them for what the user is looking for, and
// keep the top X with reasons; progress per company; COMPLETED with ContactSearchJobResult, or
// FAILED with a reason when every company failed. A cancel stops it between companies.

export type RunContactSearchOptions = {
	/** The Graphile job's last attempt: an unexpected error then fails the search instead of retrying. */
	isFinalAttempt?: boolean
	/** Tests and benchmarks swap sources; the job uses DEFAULT_SOURCES. */
	sources?: CandidateSource[]
}

export async function runContactSearch(
	queueableId: string,
	{ isFinalAttempt = true, sources = DEFAULT_SOURCES }: RunContactSearchOptions = {},
) {
	const queueable = await loadQueueableForJob(queueableId)
	if (!queueable) return
	const { organizationId, userId } = queueable
	if (isTerminalStatus(queueable.status)) return
	const payload = queueable.payload as unknown as ContactSearchPayload
	const failedMessage =
		payload.mode === 'bulk' ? CONTACT_SEARCH_MESSAGES.bulkFailed : CONTACT_SEARCH_MESSAGES.singleFailed
	if (queueable.cancelledAt) return failQueueable(organizationId, queueableId, CANCELLED_REASON)
	const total = payload.companies.length
	if (!(await startQueueable(organizationId, queueableId, { total, completed: 0 }))) return

	try {
		const env = getEnv()
		const signals = await loadSearchSignals(organizationId)
		const results: Array<CompanyContactSearchResult | undefined> = new Array(total)
		let completed = 0
		let cancelled = false
		let ranker: ContactSearchJobResult['ranker'] = 'offline'
		const abort = new AbortController()
		// Every source call and model window of every company listens to this one signal.
		setMaxListeners(0, abort.signal)

		await forEachConcurrently(
			payload.companies,
			env.CONTACT_SEARCH_CONCURRENCY,
			async (company, index) => {
				const searched = await searchCompany(company, index, {
					organizationId,
					userId,
					payload,
					sources,
					signals,
					signal: abort.signal,
					limit: env.CONTACT_SEARCH_MAX_CANDIDATES,
				})
				if (searched.ranker) ranker = searched.ranker
				results[index] = searched.result
				completed++
				const progress = await reportProgress(organizationId, queueableId, {
					completed,
					total,
					currentItem: company.name,
				})
				if (progress.cancelled || progress.ended) {
					cancelled = true
					abort.abort()
				}
			},
			abort.signal,
		)

		const done = results.filter((r): r is CompanyContactSearchResult => Boolean(r))
		if (cancelled) {
			return failQueueable(organizationId, queueableId, CANCELLED_REASON, {
				result: jobResult(payload, ranker, done) as unknown as Prisma.InputJsonValue,
			})
		}
		const result = jobResult(payload, ranker, done)
		if (done.every((r) => r.error)) {
			const reasons = [...new Set(done.map((r) => r.error))].join('; ')
			return failQueueable(organizationId, queueableId, `${failedMessage}: ${reasons}`, {
				result: result as unknown as Prisma.InputJsonValue,
			})
		}
		return completeQueueable(organizationId, queueableId, {
			result: result as unknown as Prisma.InputJsonValue,
			isActionable: true,
		})
	} catch (error) {
		if (isFinalAttempt) {
			console.error(`search_contacts ${queueableId} failed`, error as Error)
			await failQueueable(organizationId, queueableId, failedMessage)
		}
		throw error
	}
}

type SearchCompanyContext = {
	organizationId: string
	userId: string | null
	payload: ContactSearchPayload
	sources: CandidateSource[]
	signals: Awaited<ReturnType<typeof loadSearchSignals>>
	signal: AbortSignal
	limit: number
}

async function searchCompany(
	company: SearchCompany,
	index: number,
	{ organizationId, userId, payload, sources, signals, signal, limit }: SearchCompanyContext,
) {
	const lookingFor = company.lookingFor || payload.lookingFor
	const base = {
		companyId: company.id,
		companyName: company.name,
		website: company.website,
		logoUrl: company.logoUrl,
		...(company.lookingFor ? { lookingFor: company.lookingFor } : {}),
	}
	const gathered = await gatherCandidates(
		company,
		{ organizationId, userId, lookingFor, limit, signal },
		sources,
	)
	const outcomes = gathered.sources
	if (gathered.failed) {
		const result: CompanyContactSearchResult = {
			...base,
			topContacts: [],
			totalEmployeesAnalyzed: 0,
			error: gathered.reason ?? 'No source answered',
			sources: outcomes,
		}
		return { result, ranker: null }
	}
	const pool = payload.options.excludeExisting
		? gathered.candidates.filter((c) => !c.existingContactId)
		: gathered.candidates
	const { ranked, ranker } = pool.length
		? await rankCandidates({
				organizationId,
				lookingFor,
				myCompany: payload.myCompany,
				company: { name: company.name, description: company.description },
				candidates: pool,
				topX: payload.topX,
				signals,
				signal,
			})
		: { ranked: [], ranker: null }
	const topContacts = ranked.slice(0, payload.topX).map((c, position): ContactSearchResult => ({
		id: `c${index}-${position + 1}`,
		rank: c.rank ?? position + 1,
		firstName: c.firstName,
		lastName: c.lastName,
		email: c.email,
		phone: c.phone,
		role: c.role,
		roleDetails: c.roleDetails,
		companyName: c.companyName ?? company.name,
		linkedinUrl: c.linkedinUrl,
		matchReason: c.matchReason,
		score: c.score,
		relevanceScore: Math.round(c.score * 100),
		location: c.location,
		companyData: { id: company.id, name: company.name, website: company.website, logoUrl: company.logoUrl },
		source: c.source,
		sources: c.sources ?? [c.source],
		existingContactId: c.existingContactId,
	}))
	const result: CompanyContactSearchResult = {
		...base,
		topContacts,
		totalEmployeesAnalyzed: gathered.candidates.length,
		sources: outcomes,
	}
	return { result, ranker }
}

function jobResult(
	payload: ContactSearchPayload,
	ranker: ContactSearchJobResult['ranker'],
	results: CompanyContactSearchResult[],
): ContactSearchJobResult {
	return {
		mode: payload.mode,
		ranker,
		results,
		summary: {
			totalContactsFound: results.reduce((sum, r) => sum + r.topContacts.length, 0),
			successfulCompanies: results.filter((r) => !r.error).length,
		},
		query: { lookingFor: payload.lookingFor, topX: payload.topX },
	}
}
