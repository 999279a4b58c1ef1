import {
	addEmailStepJobsSql,
	enqueueSkippedEmailStepJobs,
	skippedEmailStepJobsSql,
} from '#app/jobs/send-email-step.ts'
import { type SqlRun } from '#app/utils/sql-run.server.ts'
import { randomGaps, type SendGap } from './step-plan.ts'

/**
 * Spreads held steps released at the same opening (decision 014). Per mailbox and opening, a
 * MailboxReleaseSlot row keeps the last send time handed out: the first step released there
 * goes at the opening, each next one a random gap (the organization's minimum to maximum
 * seconds) after the one before — also when it is planned later, by another batch or worker
 * (the upsert's row lock serializes them). One statement moves the steps to their times and,
 * where asked, adds their send jobs there, so the dispatcher's fast path pays nothing for it.
 *
 * $1 step ids, $2 mailbox ids, $3 openings, $4 gaps in seconds, $5 whether to add the step's job.
 */
const ASSIGN_RELEASE_SLOTS = `
	WITH input AS (
		SELECT v.step_id, v.mailbox_id, (v.opening AT TIME ZONE 'UTC') AS opening, v.gap, v.job, v.n
		FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::boolean[])
			WITH ORDINALITY AS v(step_id, mailbox_id, opening, gap, job, n)
	), grouped AS (
		SELECT mailbox_id, opening, sum(gap)::int AS total, (array_agg(gap ORDER BY n))[1] AS first_gap
		FROM input GROUP BY mailbox_id, opening
	), slot AS (
		-- A new opening starts with its first step at the opening itself; a known one continues
		-- after its last slot. In (mailbox, opening) order, so concurrent planners never lock in a cycle.
		INSERT INTO "MailboxReleaseSlot" ("mailboxId", opening, "lastSlotAt")
		SELECT mailbox_id, opening, opening + make_interval(secs => total - first_gap)
		FROM grouped ORDER BY mailbox_id, opening
		ON CONFLICT ("mailboxId", opening) DO UPDATE SET "lastSlotAt" = "MailboxReleaseSlot"."lastSlotAt"
			+ (EXCLUDED."lastSlotAt" - EXCLUDED.opening)
			+ make_interval(secs => (SELECT g.first_gap FROM grouped g
				WHERE g.mailbox_id = EXCLUDED."mailboxId" AND g.opening = EXCLUDED.opening))
		RETURNING "mailboxId", opening, "lastSlotAt"
	), timed AS (
		-- Counted back from the last slot: the gap of each later step separates it from the one before.
		SELECT i.step_id, i.job, slot."lastSlotAt" - make_interval(secs => (sum(i.gap) OVER (
			PARTITION BY i.mailbox_id, i.opening ORDER BY i.n DESC) - i.gap)::int) AS at
		FROM input i JOIN slot ON slot."mailboxId" = i.mailbox_id AND slot.opening = i.opening
	), moved AS (
		UPDATE "EmailStep" e SET "scheduledFor" = timed.at, "updatedAt" = now()
		FROM timed WHERE e.id = timed.step_id AND e.status = 'SCHEDULED'
		RETURNING e.id, (timed.at AT TIME ZONE 'UTC') AS at, timed.job
	), wanted AS (
		SELECT moved.id, moved.at AS run_at FROM moved WHERE moved.job
	), job AS (
		${addEmailStepJobsSql('wanted AS v')}
	)
	SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM wanted)::int AS jobs,
		${skippedEmailStepJobsSql('wanted', "w.run_at AT TIME ZONE 'UTC'")}`

export type HeldRelease = {
	stepId: string
	mailboxId: string
	/** The time the step was held until: the window's opening, or the cap's next day. */
	opening: Date
	/** Add the step's send job at its slot (a sequence's next step to send). */
	addJob: boolean
	gap: SendGap
}

/** Moves held steps to their spread send times (and adds their jobs) inside the caller's transaction. */
export async function assignReleaseSlots(run: SqlRun, releases: HeldRelease[], random = Math.random) {
	if (releases.length === 0) return
	// Steps of one (mailbox, opening) queue in the order given; each step's gap is its organization's.
	const gaps = releases.map((release) => randomGaps(1, release.gap, random)[0]!)
	const [result] = await run(ASSIGN_RELEASE_SLOTS, [
		releases.map((release) => release.stepId),
		releases.map((release) => release.mailboxId),
		releases.map((release) => release.opening.toISOString()),
		gaps,
		releases.map((release) => release.addJob),
	])
	// Jobs add_jobs skipped (a worker was locking their key's job) are added again.
	await enqueueSkippedEmailStepJobs(run, result?.skipped)
}
