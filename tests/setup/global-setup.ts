import type { TestProject } from 'vitest/node'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { dropDatabasesOfRun, recreateDatabase, startTestPostgres } from './test-database.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		testServerUrl: string
		templateDatabase: string
		testRunId: string
	}
}

// Migrates a template database once; every test file then gets its own clone (setup-database.ts).
export default async function setup(project: TestProject) {
	const postgres = await startTestPostgres()
	// Names carry the run's pid, so two test runs on one server never touch each other's databases.
	const testRunId = String(process.pid)
	const templateDatabase = `reachout_test_${testRunId}_template`
	const templateUrl = await recreateDatabase(postgres.serverUrl, templateDatabase)
	await migrateDatabase(templateUrl)
	project.provide('testServerUrl', postgres.serverUrl)
	project.provide('templateDatabase', templateDatabase)
	project.provide('testRunId', testRunId)
	return async () => {
		await dropDatabasesOfRun(postgres.serverUrl, testRunId)
		await postgres.stop()
	}
}
