import { type LeadImportListItem } from '#app/components/lead-scraper/lead-imports-section.tsx'
import { type LeadImportProgressItem } from '#app/components/lead-scraper/lead-import-status.ts'
import { type LeadImportView } from '#app/models/lead-import/lead-import.server.ts'
import { toQueueableJson, type QueueableView } from '#app/models/queueable/queueable.server.ts'

// A lead import as the lead scraper's pages send it to the browser (the progress view and the
// Imports page's list), shared by their loaders.

export function toLeadImportProgressItem(record: LeadImportView): LeadImportProgressItem {
	return {
		queueableId: record.queueableId ?? '',
		name: record.name,
		source: record.source,
		state: record.state,
		failureReason: record.failureReason,
		leadCount: record.leadCount,
		queueable: record.queueable ? toQueueableJson(record.queueable as QueueableView) : null,
	}
}

export function toLeadImportListItem(record: LeadImportView): LeadImportListItem {
	return {
		...toLeadImportProgressItem(record),
		id: record.id,
		savedCount: record.savedCount,
		existingCount: record.existingCount,
		duplicateCount: record.duplicateCount,
		createdAt: record.createdAt.toISOString(),
	}
}
