import type { TaskList } from 'graphile-worker'

/**
 * Every task the worker runs, by name. Each task validates its payload with zod
 * and calls app/models; add new ones here and in jobs/tasks/<domain>/.
 */
export const taskList: TaskList = {}
