import { Checkbox } from '#app/components/ui/checkbox.tsx'

/** The import's options (spec: Skip company enrichment; Manually map CSV columns on the CSV tab). */
export function ImportOptions({
	idPrefix,
	manualMapping,
	defaults,
}: {
	idPrefix: string
	manualMapping: boolean
	defaults?: { skipEnrichment?: boolean; manualMapping?: boolean }
}) {
	return (
		<fieldset className="flex flex-wrap gap-x-6 gap-y-2">
			<legend className="sr-only">Options</legend>
			<label htmlFor={`${idPrefix}-skip`} className="flex items-center gap-2 text-sm">
				<Checkbox
					id={`${idPrefix}-skip`}
					name="skipEnrichment"
					value="true"
					defaultChecked={defaults?.skipEnrichment}
				/>
				Skip company enrichment
			</label>
			{manualMapping ? (
				<label htmlFor={`${idPrefix}-mapping`} className="flex items-center gap-2 text-sm">
					<Checkbox
						id={`${idPrefix}-mapping`}
						name="manualMapping"
						value="true"
						defaultChecked={defaults?.manualMapping}
					/>
					Manually map CSV columns
				</label>
			) : null}
		</fieldset>
	)
}
