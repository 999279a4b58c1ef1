import { prisma } from '#app/utils/db.server.ts'

// Tasks a reply asked for (decision 052): "talk to Maria instead" becomes a task to contact Maria,
// for the sequence's owner. Listed on /tasks and by the API; done by a click.

export const FOLLOW_UP_TASKS_PAGE_SIZE = 50

export type FollowUpTaskStatusFilter = 'OPEN' | 'DONE'

export async function listFollowUpTasks(
	organizationId: string,
	{ status = 'OPEN', page = 1 }: { status?: FollowUpTaskStatusFilter; page?: number } = {},
) {
	const where = { organizationId, status }
	const [tasks, total] = await Promise.all([
		prisma.followUpTask.findMany({
			where,
			orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
			skip: (page - 1) * FOLLOW_UP_TASKS_PAGE_SIZE,
			take: FOLLOW_UP_TASKS_PAGE_SIZE,
			select: {
				id: true,
				kind: true,
				status: true,
				title: true,
				personName: true,
				personEmail: true,
				createdAt: true,
				doneAt: true,
				sequenceId: true,
				assignee: { select: { id: true, name: true, email: true } },
				contact: {
					select: {
						id: true,
						firstName: true,
						lastName: true,
						companyId: true,
						company: { select: { name: true } },
					},
				},
			},
		}),
		prisma.followUpTask.count({ where }),
	])
	return { tasks, total, page, pageSize: FOLLOW_UP_TASKS_PAGE_SIZE }
}

export async function countOpenFollowUpTasks(organizationId: string) {
	return prisma.followUpTask.count({ where: { organizationId, status: 'OPEN' } })
}

/** Marks a task done (or open again); false when the organization has no such task. */
export async function setFollowUpTaskDone(organizationId: string, taskId: string, done: boolean) {
	const { count } = await prisma.followUpTask.updateMany({
		where: { id: taskId, organizationId },
		data: done ? { status: 'DONE', doneAt: new Date() } : { status: 'OPEN', doneAt: null },
	})
	return count === 1
}
