import { runServer } from './run.ts'

// `npm start`: the production build. The worker runs as `npm run worker`
// unless WORKER=inline puts it in this process.
await runServer({ mode: 'production', seed: false, inlineWorker: process.env.WORKER === 'inline' })
