// nDCG@k for graded relevance (0–3): gain 2^rel − 1, log2 discount, ideal order from the labels.

export function ndcgAtK(rankedRelevances: number[], allRelevances: number[], k: number) {
	const dcg = (relevances: number[]) =>
		relevances
			.slice(0, k)
			.reduce((sum, relevance, index) => sum + (2 ** relevance - 1) / Math.log2(index + 2), 0)
	const ideal = dcg([...allRelevances].sort((a, b) => b - a))
	return ideal === 0 ? 1 : dcg(rankedRelevances) / ideal
}
