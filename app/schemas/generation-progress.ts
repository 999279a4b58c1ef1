// What the generation stream (/resources/sequence-generations/events) sends and the pages read:
// one shape for the server that writes the frames and the browser that follows them.

/** A run's figures, counted from its sequences. */
export type GenerationRunCounts = {
	total: number
	generating: number
	drafts: number
	active: number
	failed: number
	/** Cancelled, completed, or removed since. */
	other: number
	/** 0–100: a finished sequence counts 100, a generating one its own progress. */
	progress: number
}

/** One sequence's change. */
export type GenerationProgress = {
	id: string
	generationId: string | null
	/** The sequence's status, or DELETED when a generating one was removed (cancelled). */
	status: string
	progress: number
}

/** One frame: the sequences that changed since the last one, and the run's figures if followed. */
export type GenerationProgressFrame = { sequences: GenerationProgress[]; run?: GenerationRunCounts }
