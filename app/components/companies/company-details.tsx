import { type CompanyFormValues } from './company-form.tsx'
import { ExternalLink } from './external-link.tsx'

function headquarterText(value: unknown) {
	if (!value || typeof value !== 'object') return null
	const { first_line, city, postal_code, geographic_area, country } = value as Record<string, unknown>
	const parts = [first_line, [postal_code, city].filter(Boolean).join(' '), geographic_area, country]
	const text = parts.filter((part) => typeof part === 'string' && part.trim()).join(', ')
	return text || null
}

function fundingText(value: unknown) {
	if (value === null || value === undefined) return null
	return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The company's fields as a description list; empty ones are left out. */
export function CompanyDetails({ company }: { company: CompanyFormValues }) {
	const rows: Array<[string, React.ReactNode]> = [
		['Description', company.description],
		['Summary', company.summary],
		['Website', company.website ? <ExternalLink href={company.website} /> : null],
		['LinkedIn', company.linkedinUrl ? <ExternalLink href={company.linkedinUrl} /> : null],
		['Crunchbase', company.crunchbaseUrl ? <ExternalLink href={company.crunchbaseUrl} /> : null],
		['Industry', company.industry],
		['Revenue', company.revenue],
		['Employees', company.employeeCount?.toLocaleString('en-US') ?? null],
		['Employee range', company.employeeCountRange],
		['LinkedIn followers', company.linkedinFollowers?.toLocaleString('en-US') ?? null],
		['Headquarter', headquarterText(company.headquarter)],
		['Locations', company.locations.length ? company.locations.join(' · ') : null],
		['Funding', fundingText(company.funding)],
	]
	return (
		<dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[10rem_1fr]">
			{rows
				.filter(([, value]) => value !== null && value !== undefined && value !== '')
				.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="text-sm font-medium text-muted-foreground">{label}</dt>
						<dd className="whitespace-pre-line text-sm">{value}</dd>
					</div>
				))}
		</dl>
	)
}
