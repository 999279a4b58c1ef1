import os from 'node:os'
import { type FakeChatMessage, startFakeOpenAI } from '#tests/fakes/openai-server.ts'

// The fake model of bench/generate.ts in its own process at the lowest CPU priority: it stands for
// a server elsewhere, so its JSON work must not compete with the machine's web process for the
// CPU the way no real model would. MODEL_DELAY_MS per answer.
os.setPriority(19)
const fake = await startFakeOpenAI()
fake.setDelayMs(Number(process.env.MODEL_DELAY_MS ?? 2000))
fake.setHandler(fakeDraft)

process.on('message', async (message: { type: string }) => {
	if (message.type === 'requests') {
		process.send?.({
			type: 'requests',
			requests: fake.requests().map(({ mode, startedAt, finishedAt }) => ({ mode, startedAt, finishedAt })),
		})
	}
	if (message.type === 'stop') {
		await fake.close()
		process.exit(0)
	}
})
process.send?.({ type: 'ready', url: fake.url })

/** A draft that meets the rules, for the contact the prompt names: one request per sequence. */
function fakeDraft(messages: FakeChatMessage[]) {
	const prompt = messages.find((message) => message.role === 'user')?.content ?? ''
	const contact = /Contact:\nName: (.+)/.exec(prompt)?.[1] ?? ''
	const firstName = contact.split(' ')[0] ?? ''
	const company = /Company:\nName: (.+)/.exec(prompt)?.[1] ?? 'your team'
	const sender = /Sender:\nName: (.+)/.exec(prompt)?.[1] ?? ''
	return {
		emailSteps: [
			{
				subject: 'Route planning for regional carriers',
				body: `Hi ${firstName},\n\nPlanning routes at ${company} by hand takes hours every week. We cut that by 40% for carriers like you, and our pilot costs nothing.\n\nWorth a short call next week?\n\n${sender}`,
				daysAfter: 0,
			},
			{
				subject: 'Re: Route planning for regional carriers',
				body: `Hi ${firstName},\n\nA quick follow-up on the pilot: two weeks, your own routes.\n\n${sender}`,
				daysAfter: 3,
			},
			{
				subject: 'Re: Route planning for regional carriers',
				body: `Hi ${firstName},\n\nShall I close the loop? Happy to send numbers instead.\n\n${sender}`,
				daysAfter: 7,
			},
		],
		linkedInSteps: prompt.includes('no LinkedIn steps')
			? []
			: [
					{
						requestNote: `Hi ${firstName}, I work on route planning for regional carriers. Glad to connect. ${sender}`,
						message: null,
						daysAfter: 1,
					},
					{ requestNote: null, message: `Thanks for connecting, ${firstName}. ${sender}`, daysAfter: 4 },
				],
		phoneCallSteps: prompt.includes('no phone-call steps')
			? []
			: [{ talkingPoints: `Planning time at ${company}; the pilot.`, daysAfter: 5 }],
	}
}
