import { z } from 'zod'

export const FOLLOW_UP_TASK_INTENTS = { done: 'complete-task', reopen: 'reopen-task' } as const

export const FollowUpTaskIdSchema = z.object({
	taskId: z.string({ message: 'Task is required' }).min(1, 'Task is required'),
})

export const FollowUpTaskListQuerySchema = z.object({
	status: z.enum(['OPEN', 'DONE'], { message: 'Status must be OPEN or DONE' }).default('OPEN'),
	page: z.coerce
		.number({ message: 'Page must be a number' })
		.int()
		.min(1, 'Page must be 1 or more')
		.default(1),
})
