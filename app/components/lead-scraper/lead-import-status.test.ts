import { describe, expect, test } from 'vitest'
import { type QueueableJson } from '#app/schemas/queueable.ts'
import {
	leadImportFigures,
	leadImportPhase,
	leadImportSourceName,
	leadImportStatusText,
	leadProgressPath,
	reviewTarget,
} from './lead-import-status.ts'

function job(patch: Partial<QueueableJson> = {}): QueueableJson {
	return {
		id: 'q1',
		type: 'LEAD_IMPORT',
		status: 'PROCESSING',
		progress: 0,
		metadata: { completed: 0, total: 0, currentItem: null },
		result: null,
		failureReason: null,
		isActionable: false,
		cancelledAt: null,
		actedAt: null,
		completedAt: null,
		finishedAt: null,
		failedAt: null,
		createdAt: '2026-11-27T10:00:00.000Z',
		updatedAt: '2026-11-27T10:00:00.000Z',
		...patch,
	}
}

describe('leadImportStatusText (the spec’s status line)', () => {
	test.each([
		['no job heard from yet', null, 'Queued...'],
		['PENDING', job({ status: 'PENDING' }), 'Pending'],
		['a job at 0 %', job(), 'Starting...'],
		[
			'reading its source',
			job({ progress: 5, metadata: { currentItem: 'Processing contents...' } }),
			'Processing contents...',
		],
		['writing its leads', job({ progress: 50, metadata: { currentItem: 'Processing...' } }), 'Processing...'],
		[
			'moving without a step name',
			job({ progress: 70, metadata: { currentItem: 'row 12' } }),
			'Processing...',
		],
	])('%s', (_name, queueable, text) => {
		expect(leadImportStatusText(queueable)).toBe(text)
	})
})

describe('leadImportPhase', () => {
	const running = { state: 'PARSING' as const, queueable: job() }

	test('a parsing import with a working job runs', () => {
		expect(leadImportPhase(running)).toBe('running')
	})

	test('the live job knows first: completed, cancelled or failed before the import is re-read', () => {
		expect(leadImportPhase(running, job({ status: 'COMPLETED' }))).toBe('completed')
		expect(leadImportPhase(running, job({ status: 'FAILED', cancelledAt: '2026-11-27T10:01:00.000Z' }))).toBe(
			'cancelled',
		)
		expect(leadImportPhase(running, job({ status: 'FAILED', failureReason: 'No leads' }))).toBe('failed')
	})

	test('a ready or saved import is completed whatever its job says', () => {
		expect(leadImportPhase({ state: 'READY', queueable: job({ status: 'FINISHED' }) })).toBe('completed')
		expect(leadImportPhase({ state: 'SAVED', queueable: null })).toBe('completed')
	})

	test('a failed import without its job', () => {
		expect(leadImportPhase({ state: 'FAILED', queueable: null })).toBe('failed')
	})
})

test('figures: percent and "Processed: completed / total"', () => {
	expect(leadImportFigures(job({ progress: 50, metadata: { completed: 3, total: 12 } }))).toEqual({
		percent: 50,
		completed: 3,
		total: 12,
	})
	expect(leadImportFigures(null)).toEqual({ percent: 0, completed: 0, total: 0 })
})

test('the source’s name is the job’s, else the import’s', () => {
	expect(
		leadImportSourceName({ name: 'leads.csv', queueable: job({ metadata: { source: 'team.csv' } }) }),
	).toBe('team.csv')
	expect(leadImportSourceName({ name: 'Pasted text', queueable: null })).toBe('Pasted text')
})

describe('reviewTarget', () => {
	test('once every import has leads, the first one’s review', () => {
		expect(
			reviewTarget([
				{ queueableId: 'a', phase: 'completed' },
				{ queueableId: 'b/c', phase: 'completed' },
			]),
		).toBe('/lead-scraper/a')
	})

	test('nowhere while one runs, or when one failed or was cancelled (its reason stays in view)', () => {
		expect(
			reviewTarget([
				{ queueableId: 'a', phase: 'completed' },
				{ queueableId: 'b', phase: 'running' },
			]),
		).toBeNull()
		expect(reviewTarget([{ queueableId: 'a', phase: 'failed' }])).toBeNull()
		expect(reviewTarget([{ queueableId: 'a', phase: 'cancelled' }])).toBeNull()
		expect(reviewTarget([])).toBeNull()
	})
})

test('the progress page of several imports names each id', () => {
	expect(leadProgressPath(['a', 'b'])).toBe('/lead-scraper/progress?id=a&id=b')
})
