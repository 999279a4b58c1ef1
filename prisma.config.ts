import { defineConfig } from 'prisma/config'

// The CLI is used only for `prisma generate` here (its schema engine cannot be
// downloaded on our machines); migrations are applied by scripts/db-migrate.ts.
export default defineConfig({
	schema: 'prisma/schema.prisma',
	migrations: { path: 'prisma/migrations' },
	datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/reachout' },
})
