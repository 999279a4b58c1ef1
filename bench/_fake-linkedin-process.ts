import { startFakeLinkedIn } from '#tests/fakes/linkedin-server.ts'

// The fake LinkedIn in a process of its own for bench/linkedin.ts: LinkedIn is another machine, so
// its HTTP work is not charged to the workers' process. Driven over IPC.

type Command =
	| { id: number; type: 'seed'; accounts: string[]; people: string[] }
	| { id: number; type: 'invitations'; accounts: string[] }
	| { id: number; type: 'acceptAndReply'; pairs: Array<[string, string]>; text: string }
	| { id: number; type: 'stop' }

const fake = await startFakeLinkedIn({ accounts: [] })

process.on('message', async (command: Command) => {
	const answer = (result: unknown) => process.send!({ id: command.id, result })
	switch (command.type) {
		case 'seed': {
			const credentials = command.accounts.map((username) =>
				fake.addAccount({ username, firstName: 'Seller', lastName: username }),
			)
			for (const username of command.people)
				fake.addPerson({ username, firstName: 'Lead', lastName: username })
			fake.clearReceived()
			return answer(credentials.map(({ cookie, csrfToken }) => ({ cookie, csrfToken })))
		}
		case 'invitations': {
			const posts = fake.received.filter(
				(request) => request.method === 'POST' && request.path.includes('MemberRelationships'),
			).length
			const perAccount = command.accounts.map((username) =>
				fake.invitationsFrom(username).map(({ to }) => to),
			)
			return answer({ posts, perAccount })
		}
		case 'acceptAndReply':
			for (const [account, person] of command.pairs) {
				fake.acceptInvitation(account, person)
				fake.reply(person, account, command.text)
			}
			return answer(true)
		case 'stop':
			await fake.close()
			answer(true)
			process.exit(0)
	}
})
process.send!({ ready: fake.baseUrl })
