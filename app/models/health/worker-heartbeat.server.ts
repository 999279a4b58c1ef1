import { prisma } from '#app/utils/db.server.ts'

// Beats use the database's clock (in UTC, as Prisma stores DateTime), so workers and web
// processes on machines whose clocks disagree still agree on a beat's age.

/** Records that a worker's job loops are running; also forgets workers silent for a day. */
export async function recordWorkerBeat(worker: { id: string; hostname: string; pid: number }) {
	await prisma.$executeRaw`
		WITH forgotten AS (
			DELETE FROM "WorkerHeartbeat"
			WHERE "beatAt" < (now() AT TIME ZONE 'UTC') - interval '1 day' AND "id" <> ${worker.id}
		)
		INSERT INTO "WorkerHeartbeat" ("id", "hostname", "pid", "startedAt", "beatAt")
		VALUES (${worker.id}, ${worker.hostname}, ${worker.pid}, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
		ON CONFLICT ("id") DO UPDATE SET "beatAt" = EXCLUDED."beatAt"`
}

export type LatestWorkerBeat = { lastBeatAt: Date | null; ageSeconds: number | null }

/** The most recent beat of any worker, and how old it is; nulls when no worker ever beat. */
export async function latestWorkerBeat(): Promise<LatestWorkerBeat> {
	const [row] = await prisma.$queryRaw<Array<{ lastBeatAt: Date | null; ageSeconds: number | null }>>`
		SELECT max("beatAt") AS "lastBeatAt",
			extract(epoch FROM (now() AT TIME ZONE 'UTC') - max("beatAt"))::float8 AS "ageSeconds"
		FROM "WorkerHeartbeat"`
	if (!row?.lastBeatAt) return { lastBeatAt: null, ageSeconds: null }
	return { lastBeatAt: row.lastBeatAt, ageSeconds: Math.max(0, Math.round(row.ageSeconds ?? 0)) }
}
