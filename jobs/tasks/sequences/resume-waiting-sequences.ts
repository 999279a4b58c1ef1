import type { Task } from 'graphile-worker'
import { ResumeWaitingSequencesPayloadSchema } from '#app/jobs/resume-waiting-sequences.ts'
import { resumeWaitingSequences } from '#app/models/reply-intent/resume-waiting-sequences.server.ts'

/** Every minute (jobs/crontab.ts): sequences paused until a day that has come go on. */
export const resumeWaitingSequencesTask: Task = async (payload, helpers) => {
	ResumeWaitingSequencesPayloadSchema.parse(payload)
	const resumed = await resumeWaitingSequences()
	if (resumed) helpers.logger.info(`Resumed ${resumed} sequences whose waiting day came`)
}
