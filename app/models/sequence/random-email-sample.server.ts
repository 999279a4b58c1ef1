import { type EmailSample, TEST_EMAIL_BODY_MIN, TEST_EMAIL_SUBJECT_MIN } from '#app/schemas/test-email.ts'
import { prisma } from '#app/utils/db.server.ts'

// GET /api/v1/emails/random (the spec's "Random email sample": subject, body) fills Send Test
// Email with something worth testing: the first email of one of the organization's recent
// sequences, as written (the way it will look when sent), else one of a few built-in samples.

/** Recent sequences looked at: the pick stays an index range scan however many the organization has. */
const RECENT_SEQUENCES = 50

export async function pickRandomEmailSample(organizationId: string, random = Math.random): Promise<EmailSample> {
	// Through Sequence's (organizationId, createdAt) index, then each one's first step by (sequenceId, order).
	const sequences = await prisma.sequence.findMany({
		where: { organizationId },
		select: {
			emailSteps: {
				where: { order: 1 },
				select: { subject: true, bodyHtml: true, bodyText: true },
				take: 1,
			},
		},
		orderBy: { createdAt: 'desc' },
		take: RECENT_SEQUENCES,
	})
	const steps = sequences.flatMap((sequence) => sequence.emailSteps)
	const usable = steps.filter(
		(step) =>
			step.subject.trim().length >= TEST_EMAIL_SUBJECT_MIN &&
			step.bodyText.trim().length >= TEST_EMAIL_BODY_MIN &&
			step.bodyHtml.trim().length > 0,
	)
	const picked = usable[Math.floor(random() * usable.length)]
	if (picked) return { subject: picked.subject, body: picked.bodyHtml }
	return BUILT_IN_SAMPLES[Math.floor(random() * BUILT_IN_SAMPLES.length)]!
}

export const BUILT_IN_SAMPLES: EmailSample[] = [
	{
		subject: 'Quick question about your outbound',
		body: '<p>Hi there,</p><p>I noticed your team is growing fast. How are you finding new leads today, and is it keeping up with your goals?</p><p>Happy to share what has worked for teams like yours.</p><p>Best,<br>Alex</p>',
	},
	{
		subject: 'Worth a 15-minute call?',
		body: '<p>Hello,</p><p>We help sales teams book more meetings with fewer, better emails. Would a short call next week be useful?</p><p>Thanks,<br>Sam</p>',
	},
	{
		subject: 'Following up on my last note',
		body: '<p>Hi,</p><p>Just bringing this back to the top of your inbox. If now is not the right time, a one-line reply is perfect and I will not follow up again.</p><p>Cheers,<br>Jordan</p>',
	},
]
