import { prisma } from '#app/utils/db.server.ts'

/**
 * Model token usage per organization, day (UTC) and model. One upsert that adds to the row in the
 * database, so concurrent workers never lose an increment to a read-modify-write race.
 */

export type AssistantUsageEntry = {
	organizationId: string
	model: string
	promptTokens: number
	completionTokens: number
}

export async function recordAssistantUsage(entry: AssistantUsageEntry, at: Date = new Date()) {
	const day = at.toISOString().slice(0, 10)
	const promptTokens = tokens(entry.promptTokens)
	const completionTokens = tokens(entry.completionTokens)
	await prisma.$executeRaw`
		INSERT INTO "AssistantUsage" ("organizationId", "day", "model", "requests", "promptTokens", "completionTokens")
		VALUES (${entry.organizationId}, ${day}::date, ${entry.model}, 1, ${promptTokens}, ${completionTokens})
		ON CONFLICT ("organizationId", "day", "model") DO UPDATE SET
			"requests" = "AssistantUsage"."requests" + 1,
			"promptTokens" = "AssistantUsage"."promptTokens" + EXCLUDED."promptTokens",
			"completionTokens" = "AssistantUsage"."completionTokens" + EXCLUDED."completionTokens"`
}

export type AssistantUsageTotal = {
	model: string
	requests: number
	promptTokens: number
	completionTokens: number
}

/** Totals per model from `since` (a UTC day; its time is ignored), most requests first. */
export async function assistantUsageSummary(
	organizationId: string,
	{ since }: { since: Date },
): Promise<AssistantUsageTotal[]> {
	const groups = await prisma.assistantUsage.groupBy({
		by: ['model'],
		where: { organizationId, day: { gte: startOfUtcDay(since) } },
		_sum: { requests: true, promptTokens: true, completionTokens: true },
	})
	return groups
		.map((group) => ({
			model: group.model,
			requests: group._sum.requests ?? 0,
			promptTokens: group._sum.promptTokens ?? 0,
			completionTokens: group._sum.completionTokens ?? 0,
		}))
		.sort((a, b) => b.requests - a.requests || a.model.localeCompare(b.model))
}

export function startOfUtcMonth(at: Date = new Date()) {
	return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
}

function startOfUtcDay(at: Date) {
	return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
}

/** Providers report whole non-negative counts; anything else must not poison the totals. */
function tokens(value: number) {
	return Number.isFinite(value) && value > 0 ? Math.round(value) : 0
}
