import { Prisma } from '#app/generated/prisma/client.ts'

/**
 * The sequences whose mail a sync (Gmail or IMAP) watches for replies and bounces: still sending,
 * or stopped within SYNC_RECENT_DAYS (a late reply still belongs on the conversation).
 */
export const SYNC_RECENT_DAYS = 30

const STOPPED_STATUSES = ['PAUSED', 'COMPLETED', 'FAILED', 'CANCELLED'] as const

/** As a Prisma filter on Sequence. */
export function watchedSequenceWhere(now = new Date()): Prisma.SequenceWhereInput {
	const since = new Date(now.getTime() - SYNC_RECENT_DAYS * 86_400_000)
	return {
		OR: [{ status: 'ACTIVE' }, { status: { in: [...STOPPED_STATUSES] }, updatedAt: { gte: since } }],
	}
}

/** As SQL on a Sequence aliased `s`. */
export const WATCHED_SEQUENCE_SQL = Prisma.sql`(s.status = 'ACTIVE' OR (s.status IN ('PAUSED', 'COMPLETED', 'FAILED', 'CANCELLED')
	AND s."updatedAt" > now() - make_interval(days => ${SYNC_RECENT_DAYS})))`
