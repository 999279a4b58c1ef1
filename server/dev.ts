import { runServer } from './run.ts'

// `npm run dev`: Vite dev server, demo seed and the worker, all in this process.
await runServer({ mode: 'development', seed: true, inlineWorker: process.env.WORKER !== 'off' })
