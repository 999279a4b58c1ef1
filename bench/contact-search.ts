import { benchBulkSearch } from './_contact-search-bulk.ts'
import { benchOfflineRanker } from './_contact-search-rank.ts'

// `npm run bench -- contact-search` (issue 15): the offline ranker ordering 5,000 candidates
// (target ≤ 100 ms), then a bulk search of 20 companies × 20 people against the fake LinkedIn
// (300 ms a call) and a fake model (2 s a call), start to COMPLETED (target ≤ 60 s).
// BENCH_ONLY=rank|bulk runs one of them.

const only = process.env.BENCH_ONLY
if (!only || only === 'rank') await benchOfflineRanker()
if (!only || only === 'bulk') {
	const figure = await benchBulkSearch()
	console.log(
		`bulk contact search, ${figure.companies} companies × ${figure.people} people, concurrency ${figure.concurrency}: ` +
			`${(figure.ms / 1000).toFixed(1)} s to ${figure.status} (target ≤ 60 s); ` +
			`${figure.contactsFound} contacts, ${figure.linkedinCalls} LinkedIn calls, ${figure.modelCalls} model calls, ranker: ${figure.ranker}`,
	)
}
process.exit(0)
